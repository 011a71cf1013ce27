import type { SessionUser } from '#stores/session.ts';

/** The shopper's photo, or their initials on a coffee-coloured disc. Decorative next to the greeting. */
export default function Avatar({ user, size }: { user: SessionUser; size: number }) {
  if (user.avatar) {
    return (
      <img
        src={user.avatar}
        alt=""
        width={size}
        height={size}
        className="rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return (
    <span
      aria-hidden="true"
      className="inline-flex items-center justify-center rounded-full bg-roast-700 text-xs font-bold text-white"
      style={{ width: size, height: size }}
    >
      {initials}
    </span>
  );
}
