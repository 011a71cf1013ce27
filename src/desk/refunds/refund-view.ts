/** One refund as the desk shows it (the page formats dates and labels). */
export interface RefundView {
  id: number;
  orderId: number;
  shopperId: number;
  shopperName: string;
  shopperPhone: string;
  amount: number;
  destination: 'card' | 'wallet';
  reason: string;
  status: 'owed' | 'paying' | 'paid';
  since: string;
  paidAt: string;
  paidBy: string;
  providerRef: string;
  hasPayment: boolean;
}
