import { Route, Routes } from 'react-router';
import { PeopleList } from './PeopleList';
import { PersonPage } from './PersonPage';

/** /admin/people and /admin/people/:id. */
export default function PeopleSection() {
  return (
    <Routes>
      <Route index element={<PeopleList />} />
      <Route path=":id" element={<PersonPage />} />
    </Routes>
  );
}
