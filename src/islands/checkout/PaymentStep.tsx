import { formatMoney } from '#i18n/format.ts';
import type { Locale } from '#i18n/locales.ts';
import type { Dictionary } from '#i18n/en.ts';
import { MOBILE_WALLET_METHOD, type PaymentMethodView } from '#lib/orders/views.ts';
import { Filled } from '../shared/Filled.tsx';
import type { OrdersText } from './checkout-text.ts';
import WalletPhoneField from './WalletPhoneField.tsx';

/** Why a method is not offered for this total (its rules come from the payment_methods data), or null. */
export function unavailableReason(method: PaymentMethodView, total: number | null, text: Dictionary['payments']) {
  if (total === null) return null;
  if (method.min_total !== null && total < method.min_total) return { template: text.availableFrom, amount: method.min_total };
  if (method.max_total !== null && total > method.max_total) return { template: text.availableUpTo, amount: method.max_total };
  return null;
}

/** The payment step: every method, the ones outside their rules disabled with the reason; the wallet option. */
export default function PaymentStep(props: {
  locale: Locale;
  text: OrdersText['checkout'];
  payText: Dictionary['payments'];
  methods: PaymentMethodView[];
  payment: string | null;
  onPick: (code: string) => void;
  /** What the order costs before any wallet use (piastres), once the summary is known. */
  total: number | null;
  walletBalance: number;
  useWallet: boolean;
  onWallet: (use: boolean) => void;
  /** Staff flagged the shopper for cash on delivery: a short note says why it is not in the list. */
  codBlocked?: boolean;
  /** The mobile wallet's number (asked when that method is picked) and the API's refusal of it. */
  walletPhone: string;
  onWalletPhone: (phone: string) => void;
  walletPhoneError: string | null;
}) {
  const { locale, text, payText } = props;
  return (
    <fieldset className="rounded-xl border border-roast-100 bg-white p-4" data-step="payment">
      <legend className="px-1 text-lg font-bold">{text.paymentStep}</legend>
      {props.codBlocked && (
        <p className="mb-2 rounded-md bg-roast-50 p-2 text-sm text-roast-900" data-cod-blocked>
          {text.codBlockedNote}
        </p>
      )}
      {props.methods.map((m) => {
        const reason = unavailableReason(m, props.total, payText);
        return (
          <label key={m.code} className="flex flex-wrap items-center gap-x-2 py-1" data-method={m.code}>
            <input
              type="radio"
              name="payment"
              value={m.code}
              disabled={reason !== null}
              checked={props.payment === m.code && reason === null}
              onChange={() => props.onPick(m.code)}
            />
            <span className={reason ? 'text-roast-700' : ''}>{m.name}</span>
            {reason && (
              <span className="text-sm text-roast-700">
                (<Filled template={reason.template} values={{ amount: formatMoney(reason.amount, locale) }} />)
              </span>
            )}
          </label>
        );
      })}
      {props.payment === MOBILE_WALLET_METHOD && (
        <WalletPhoneField
          text={payText}
          value={props.walletPhone}
          onChange={props.onWalletPhone}
          error={props.walletPhoneError}
        />
      )}
      {props.payment === 'cash_on_delivery' && props.walletBalance > 0 && (
        <label className="mt-2 flex items-center gap-2 text-sm">
          <input type="checkbox" checked={props.useWallet} onChange={(e) => props.onWallet(e.target.checked)} />
          {/* One flex item: the template's parts as separate items would each get the gap, "( EGP 150 )". */}
          <span>
            <Filled template={text.useWallet} values={{ amount: formatMoney(props.walletBalance, locale) }} />
          </span>
        </label>
      )}
    </fieldset>
  );
}
