import { Route, Routes } from 'react-router';
import { AuctionDetailPage } from './AuctionDetail';
import { AuctionFormPage } from './AuctionForm';
import { AuctionList } from './AuctionList';
import { DropFormPage } from './DropForm';

/** /admin/auctions/*: the table, scheduling one auction or a drop, one auction, editing and relisting. */
export default function AuctionsPage() {
  return (
    <Routes>
      <Route index element={<AuctionList />} />
      <Route path="new" element={<AuctionFormPage mode="new" />} />
      <Route path="drops/new" element={<DropFormPage />} />
      <Route path=":id" element={<AuctionDetailPage />} />
      <Route path=":id/edit" element={<AuctionFormPage mode="edit" key="edit" />} />
      <Route path=":id/relist" element={<AuctionFormPage mode="relist" key="relist" />} />
    </Routes>
  );
}
