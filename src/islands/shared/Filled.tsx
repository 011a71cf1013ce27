import { interpolateParts } from '../../i18n/interpolate.ts';

/** A template with each filled value in its own <bdi> (prices, order ids read right inside Arabic text). */
export function Filled({ template, values }: { template: string; values: Record<string, string | number> }) {
  return (
    <>
      {interpolateParts(template, values).map((part, i) =>
        typeof part === 'string' ? part : <bdi key={`${part.key}${i}`}>{part.value}</bdi>,
      )}
    </>
  );
}
