import type { ComponentProps } from 'react';
import CsvImport from '#desk/catalog/CsvImport.tsx';
import { DeskApi } from '#kit/use-desk-action.ts';

/** The seller's CSV import (issue 40): the desk's dry run and import, sent to /api/seller (their products only). */
export default function SellerCsvImport(props: ComponentProps<typeof CsvImport>) {
  return (
    <DeskApi.Provider value="seller">
      <CsvImport {...props} />
    </DeskApi.Provider>
  );
}
