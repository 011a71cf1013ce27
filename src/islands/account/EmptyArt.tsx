/** Empty-state illustrations (spec section 2): address book, wishlist, order history. Decorative. */
export default function EmptyArt({ kind }: { kind: 'address' | 'wishlist' | 'orders' }) {
  return (
    <svg viewBox="0 0 120 120" width="120" height="120" aria-hidden="true" className="mx-auto text-roast-300">
      <circle cx="60" cy="60" r="56" fill="currentColor" opacity="0.25" />
      {kind === 'address' && (
        <path
          d="M60 24c-14 0-25 11-25 25 0 19 25 45 25 45s25-26 25-45c0-14-11-25-25-25zm0 34a9 9 0 1 1 0-18 9 9 0 0 1 0 18z"
          fill="#6f4e37"
        />
      )}
      {kind === 'wishlist' && (
        <path
          d="M60 92 30 62a17 17 0 0 1 24-24l6 6 6-6a17 17 0 0 1 24 24z"
          fill="none"
          stroke="#6f4e37"
          strokeWidth="6"
          strokeLinejoin="round"
        />
      )}
      {kind === 'orders' && (
        <g fill="none" stroke="#6f4e37" strokeWidth="5" strokeLinejoin="round">
          <path d="M34 40h52l-6 48H40z" />
          <path d="M48 40v-6a12 12 0 0 1 24 0v6" />
        </g>
      )}
    </svg>
  );
}
