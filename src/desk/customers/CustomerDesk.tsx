import { useState } from 'react';
import type { Locale } from '#i18n/locales.ts';
import { adminCall } from '#kit/admin-client.ts';
import type { CustomerProfile } from './customer-view.ts';
import { useConfirm } from '#kit/Dialog.tsx';
import CodFlag from './CodFlag.tsx';
import CustomerOrders from './CustomerOrders.tsx';
import CustomerWallet from './CustomerWallet.tsx';
import type { CustomerDeskText } from './customer-desk-text.ts';

/** /admin/customers/[id]: the shopper's orders, wallet (with credit/debit for those allowed) and COD flag. */
export default function CustomerDesk({
  locale,
  text,
  initial,
  can,
}: {
  locale: Locale;
  text: CustomerDeskText;
  initial: CustomerProfile;
  can: { credit: boolean; debit: boolean; flag: boolean };
}) {
  const [profile, setProfile] = useState(initial);
  const { ask, dialog } = useConfirm();
  const reload = async () => {
    const res = await adminCall<CustomerProfile>(locale, `/customers/${profile.id}`);
    if (res.ok) setProfile(res.body.data);
  };
  return (
    <div className="space-y-8">
      <CustomerOrders locale={locale} text={text} orders={profile.orders} />
      <CustomerWallet locale={locale} text={text.money} profile={profile} can={can} ask={ask} onChanged={reload} />
      <CodFlag locale={locale} text={text.money} profile={profile} canFlag={can.flag} ask={ask} onChanged={reload} />
      {dialog}
    </div>
  );
}
