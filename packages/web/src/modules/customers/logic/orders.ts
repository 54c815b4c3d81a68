import { formatEuro, formatGermanDate } from '@hortus/contract';
import {
  contractNeedsWarning,
  customerMessages,
  isOpenStatus,
  noticeDeadline,
  statusBand,
  type CustomerSettings,
  type OrderView,
} from '@hortus/contract/modules/customers';
import { matchesSearch } from './search';

export interface OrderFilter {
  onlyOpen: boolean;
  onlyContracts: boolean;
  search: string;
}

/** The orders list: 'only open' shows status up to 6, 'only contracts' the contracts; the server sorts. */
export function filterOrders(orders: readonly OrderView[], filter: OrderFilter): OrderView[] {
  return orders.filter(
    (order) =>
      (!filter.onlyOpen || isOpenStatus(order.status)) &&
      (!filter.onlyContracts || order.typ === 'Vertrag') &&
      matchesSearch(filter.search, [order.auftragsnummer, order.titel, order.kunde_ident, order.kundennummer]),
  );
}

export interface OrderChip {
  label: string;
  title: string;
  color: 'default' | 'error' | 'success' | 'warning';
}

/** Warning chips of a row (business.md 2.3) and the contract notice warning (4.2). */
export function orderChips(order: OrderView, today: string): OrderChip[] {
  const chips: OrderChip[] = [];
  if (order.leistungen.some((line) => (line.kosten ?? 0) > 0 && (line.id_kosten ?? 0) === 0))
    chips.push({ label: '!', title: customerMessages.warnUnlinkedCosts, color: 'warning' });
  const open = order.offeneRechnungen?.betrag ?? 0;
  if (open > 0)
    chips.push({ label: formatEuro(open), title: customerMessages.warnOpenInvoices(formatEuro(open)), color: 'error' });
  if (open < 0)
    chips.push({ label: formatEuro(-open), title: customerMessages.warnOverpaid(formatEuro(-open)), color: 'success' });
  if (order.typ === 'Vertrag' && contractNeedsWarning(order.vertrag_ende, order.status, today))
    chips.push({
      label: 'Kündigungsfrist',
      title: customerMessages.noticeWarning(formatGermanDate(noticeDeadline(order.vertrag_ende))),
      color: 'warning',
    });
  return chips;
}

/** Band colour of a status: 1–5 normal, 6 error, 7 warning, 8+ grey. */
export function bandColor(status: number): 'inherit' | 'error.main' | 'warning.main' | 'text.disabled' {
  switch (statusBand(status)) {
    case 'error':
      return 'error.main';
    case 'warning':
      return 'warning.main';
    case 'closed':
      return 'text.disabled';
    default:
      return 'inherit';
  }
}

/** The status name from the settings (orders and contracts have their own lists); status 7 of a contract reads 'Gekündigt zum …'. */
export function statusLabel(order: OrderView, settings: CustomerSettings): string {
  if (order.typ === 'Vertrag' && order.status === 7 && order.vertrag_ende !== '')
    return customerMessages.terminatedUntil(formatGermanDate(order.vertrag_ende));
  const list = order.typ === 'Vertrag' ? settings.vertragsstatus : settings.auftragsstatus;
  return list.find((entry) => entry.nummer === order.status)?.kurz ?? String(order.status);
}
