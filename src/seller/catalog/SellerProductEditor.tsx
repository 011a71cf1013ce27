import type { ComponentProps } from 'react';
import ProductEditor from '#desk/catalog/ProductEditor.tsx';
import { DeskApi } from '#kit/use-desk-action.ts';

/**
 * The seller's product form (issue 40): the desk's editor (both languages side by side, money typed with
 * parseMoneyInput, photos through the same upload) writing to /api/seller, without what only staff set.
 */
export default function SellerProductEditor(props: Omit<ComponentProps<typeof ProductEditor>, 'portal'>) {
  return (
    <DeskApi.Provider value="seller">
      <ProductEditor {...props} portal />
    </DeskApi.Provider>
  );
}
