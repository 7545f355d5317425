import { Route, Routes } from 'react-router';
import { OrderDetailPage, type OrderExtra } from './OrderDetailPage';
import { OrdersListPage } from './OrdersListPage';

/**
 * /admin/orders: the search table, and /admin/orders/:id an order's detail; `orderExtra` adds a
 * section beside an order (the app composes other areas' parts, such as its return).
 */
export default function OrdersPage({ orderExtra }: { orderExtra?: OrderExtra } = {}) {
  return (
    <Routes>
      <Route index element={<OrdersListPage />} />
      <Route path=":id" element={<OrderDetailPage {...(orderExtra ? { extra: orderExtra } : {})} />} />
    </Routes>
  );
}
