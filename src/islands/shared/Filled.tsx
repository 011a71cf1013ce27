import { interpolateParts } from '#i18n/interpolate.ts';

/**
 * A template with each filled value in its own <bdi> (prices, order ids, phones, codes read right inside Arabic
 * text): the one markup helper for the shop and the desk, in islands and, rendered without a client directive, in
 * Astro templates. A plain string (title, aria-label, toast) uses interpolateIsolated(), its string twin.
 */
export function Filled({
  template,
  values,
  className,
}: {
  template: string;
  values: Record<string, string | number>;
  /** Classes for each value's <bdi> (e.g. `whitespace-nowrap` for a phone). */
  className?: string;
}) {
  return (
    <>
      {interpolateParts(template, values).map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          <bdi key={`${part.key}${i}`} className={className}>
            {part.value}
          </bdi>
        ),
      )}
    </>
  );
}
