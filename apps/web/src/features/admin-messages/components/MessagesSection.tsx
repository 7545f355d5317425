import { clsx } from 'clsx';
import { NavLink, Route, Routes } from 'react-router';
import { useMessagesSummary } from '../api';
import { ContactInbox } from './ContactInbox';
import { ContactMessagePage } from './ContactMessagePage';
import { DeadLetters } from './DeadLetters';

/** /admin/messages (the contact inbox), /admin/messages/:id (one message), /admin/messages/failed. */
export default function MessagesSection() {
  return (
    <Routes>
      <Route
        index
        element={
          <>
            <MessagesTabs />
            <ContactInbox />
          </>
        }
      />
      <Route
        path="failed"
        element={
          <>
            <MessagesTabs />
            <DeadLetters />
          </>
        }
      />
      <Route path=":id" element={<ContactMessagePage />} />
    </Routes>
  );
}

function Count({ n, label }: { n: number | undefined; label: string }) {
  if (!n) return null;
  return (
    <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
      {n.toLocaleString('en-CA')}
      <span className="sr-only"> {label}</span>
    </span>
  );
}

/** The section's two lists, as links (each has its own address). */
function MessagesTabs() {
  const summary = useMessagesSummary().data;
  const tab = ({ isActive }: { isActive: boolean }) =>
    clsx(
      'inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold whitespace-nowrap',
      isActive
        ? 'border-brand-700 text-brand-800'
        : 'border-transparent text-ink-700 hover:border-ink-300 hover:text-ink-950',
    );
  return (
    <nav aria-label="Messages" className="mb-6 overflow-x-auto border-b border-ink-200">
      <ul className="flex gap-2">
        <li>
          <NavLink to="/admin/messages" end className={tab}>
            Contact form
            <Count n={summary?.newContact} label="new" />
          </NavLink>
        </li>
        <li>
          <NavLink to="/admin/messages/failed" className={tab}>
            Failed deliveries
            <Count n={summary?.deadLetters} label="failed" />
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
