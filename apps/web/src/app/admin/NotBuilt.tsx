import { Construction } from 'lucide-react';
import { AdminPageHeader } from '../../components/admin/AdminPageHeader';

/** A section that is not built yet: says what it will hold, shows no made-up data. */
export function NotBuilt({ title, comesWith }: { title: string; comesWith: string }) {
  return (
    <>
      <AdminPageHeader title={title} />
      <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-ink-300 bg-white px-6 py-14 text-center">
        <Construction className="size-8 text-ink-500" aria-hidden="true" />
        <p className="font-semibold text-ink-900">Not built yet</p>
        <p className="max-w-md text-sm text-ink-700">Comes with {comesWith}.</p>
      </div>
    </>
  );
}
