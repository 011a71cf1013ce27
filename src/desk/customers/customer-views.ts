/** A shopper in the back office's customer search (the service's answer and the table's row). */
export interface CustomerListRow {
  id: number;
  name: string;
  phone: string;
  email: string;
  /** ISO time from the service; the page formats it for the table. */
  joined: string;
  orders: number;
  codBlocked: boolean;
}
