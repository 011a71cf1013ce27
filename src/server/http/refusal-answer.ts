import type { IncomingMessage } from 'node:http';
import { localeFromApiLang } from '#i18n/locales.ts';
import { fromAcceptLanguage } from '#i18n/negotiate.ts';
import { dictionary } from '#i18n/t.ts';

/**
 * What the HTTP server answers when it refuses a request before any router sees it (issue 49): under /api the error
 * model (`message`, `messages`, `errors`) in the requester's language (`lang`, else Accept-Language), as the API's
 * own refusals; a page gets the short text it always had.
 */
export function refusalAnswer(
  req: Pick<IncomingMessage, 'url' | 'headers'>,
  status: number,
  reason: string,
): { type: string; body: string } {
  const target = req.url ?? '/';
  if (!target.startsWith('/api/')) return { type: 'text/plain; charset=utf-8', body: `${status} ${reason}\n` };
  const lang = /[?&]lang=([^&]*)/.exec(target)?.[1];
  const locale = lang ? localeFromApiLang(lang) : (fromAcceptLanguage(req.headers['accept-language']) ?? 'en');
  const t = dictionary(locale);
  const message = status === 404 ? t.api.errors.notFound : t.api.errors.malformedRequest;
  return { type: 'application/json', body: JSON.stringify({ message, messages: [message], errors: {} }) };
}

/**
 * The raw answer to a request Node could not parse (`clientError`): a URL or headers over the 16 KiB limit (431),
 * anything else malformed (400). Nothing of the request can be trusted, so the error model in English, and the
 * connection is closed.
 */
export function malformedRequestAnswer(code: string | undefined): string {
  const tooLarge = code === 'HPE_HEADER_OVERFLOW';
  const message = tooLarge
    ? 'The address or the headers of this request are too large.'
    : dictionary('en').api.errors.malformedRequest;
  const body = JSON.stringify({ message, messages: [message], errors: {} });
  const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
  return (
    `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`
  );
}
