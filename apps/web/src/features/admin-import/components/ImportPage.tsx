import { Route, Routes } from 'react-router';
import { ImportDetail } from './ImportDetail';
import { ImportHome } from './ImportHome';

/** /admin/import/*: the drop zone and past imports, and one import's preview, progress and report. */
export default function ImportPage() {
  return (
    <Routes>
      <Route index element={<ImportHome />} />
      <Route path=":id" element={<ImportDetail />} />
    </Routes>
  );
}
