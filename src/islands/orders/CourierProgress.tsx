import { courierPath, type CourierStep } from '#lib/couriers/courier-steps.ts';
import type { OrdersText } from '../checkout/checkout-text.ts';

/**
 * The courier's steps on the shopper's order (issue 38): the way to the door with the parcel's place on it, passed
 * steps ticked, the current one bold; a failed attempt or a return shown where it happened. Each step says its state
 * in words too (not by colour alone).
 */
export default function CourierProgress({ text, step }: { text: OrdersText; step: CourierStep }) {
  const h = text.history;
  return (
    <ol aria-label={h.courierProgress} className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs" data-courier-progress>
      {courierPath(step).map(({ step: s, state }) => (
        <li
          key={s}
          data-path-step={s}
          data-state={state}
          className={state === 'current' ? 'font-bold text-roast-900' : state === 'done' ? 'text-roast-800' : 'text-roast-700'}
        >
          <span aria-hidden="true">{state === 'done' ? '✓ ' : state === 'current' ? '● ' : '○ '}</span>
          {h.courierSteps[s]}
          <span className="sr-only"> ({h.courierStepState[state]})</span>
        </li>
      ))}
    </ol>
  );
}
