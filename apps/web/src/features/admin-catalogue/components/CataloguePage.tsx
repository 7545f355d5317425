import { Route, Routes } from 'react-router';
import { ProductEditor } from './ProductEditor';
import { ProductList } from './ProductList';

/** /admin/catalogue/*: the product table, a new product, and one product's editor. */
export default function CataloguePage() {
  return (
    <Routes>
      <Route index element={<ProductList />} />
      <Route path="new" element={<ProductEditor />} />
      <Route path=":id" element={<ProductEditor />} />
    </Routes>
  );
}
