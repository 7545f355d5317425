import { Route, Routes } from 'react-router';
import { ReturnDetailPage } from './ReturnDetailPage';
import { ReturnsListPage } from './ReturnsListPage';

/** /admin/returns: the list, and /admin/returns/:id one return with the desk's step. */
export default function ReturnsPage() {
  return (
    <Routes>
      <Route index element={<ReturnsListPage />} />
      <Route path=":id" element={<ReturnDetailPage />} />
    </Routes>
  );
}
