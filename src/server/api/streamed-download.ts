import { log } from '../observability/logger.ts';
import { midStreamFailure } from '../observability/request-context.ts';

/**
 * The one way a download is streamed (issue 49): its first chunk is made before the answer starts, so whatever can
 * fail early (a bad period, the database, the opening balance) fails while a status can still say so, in the error
 * model. A failure after the first byte can no longer change the status: the connection is ended at once (the reader
 * gets a broken download, never "Internal server error" inside the file) and the request is logged and counted as a
 * server error.
 */
export async function streamedDownload(chunks: AsyncIterator<string>): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const first = await chunks.next();
  const failed = midStreamFailure();
  let pending: IteratorResult<string> | undefined = first;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = pending ?? (await chunks.next());
        pending = undefined;
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        log().error({ err: error }, 'download failed after its first byte: connection ended');
        // Ended by the server: the writer cancels the stream as the connection closes (an errored stream would make
        // Astro's writer print its own plain-text line). Without a connection to end, the reader gets the error.
        if (!failed()) controller.error(error);
      }
    },
    async cancel() {
      await chunks.return?.();
    },
  });
}
