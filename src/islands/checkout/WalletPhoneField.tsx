import type { Dictionary } from '#i18n/en.ts';

/**
 * The mobile wallet's number (issue 39): the shopper may pay from a wallet on another line than the account's. Typed
 * as Egyptians type it (01x…, +20…, Arabic-Indic digits); the API normalises and checks it, and its refusal shows here.
 */
export default function WalletPhoneField(props: {
  text: Dictionary['payments'];
  value: string;
  onChange: (phone: string) => void;
  error: string | null;
}) {
  return (
    <div className="mt-2 grid gap-1 ps-6" data-wallet-phone>
      <label htmlFor="wallet-phone" className="text-sm font-semibold">
        {props.text.walletPhone}
      </label>
      <input
        id="wallet-phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        dir="ltr"
        className="w-full max-w-xs rounded-md border border-roast-300 px-3 py-2 text-start"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? 'wallet-phone-hint wallet-phone-error' : 'wallet-phone-hint'}
      />
      <p id="wallet-phone-hint" className="text-xs text-roast-700">
        {props.text.walletPhoneHint}
      </p>
      {props.error && (
        <p id="wallet-phone-error" className="text-sm text-red-700" data-field-error="wallet_phone">
          {props.error}
        </p>
      )}
    </div>
  );
}
