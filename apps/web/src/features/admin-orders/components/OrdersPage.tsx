import { Route, Routes } from 'react-router';
import { OrderDetailPage } from './OrderDetailPage';
import { OrdersListPage } from './OrdersListPage';

/** /admin/orders: the search table, and /admin/orders/:id an order's detail. */
export default function OrdersPage() {
  return (
    <Routes>
      <Route index element={<OrdersListPage />} />
      <Route path=":id" element={<OrderDetailPage />} />
    </Routes>
  );
}
