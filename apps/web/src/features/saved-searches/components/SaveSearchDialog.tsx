import type { ShopQuery } from '@rebound/contract/catalog';
import type { SavedSearchQueryView } from '@rebound/contract/saved-searches';
import { SAVED_SEARCH_NAME_MAX } from '@rebound/core/saved-searches';
import { LogIn } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/Button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/Dialog';
import { CheckboxField, FormAlert, TextField } from '../../../components/ui/Field';
import { errorMessageOf } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useJoinNewDropsEmail, useSavedSearches, useSaveSearch } from '../api';
import { describeSearch, suggestedName } from '../describe';

export type Names = { categories?: ReadonlyMap<string, string>; locations?: ReadonlyMap<string, string> };

/** The shop's query as it will be saved (no page; 'any' condition is no condition). */
function asView(query: Partial<ShopQuery>): SavedSearchQueryView {
  return {
    ...(query.q ? { q: query.q } : {}),
    ...(query.category ? { category: query.category } : {}),
    ...(query.condition && query.condition !== 'any' ? { condition: query.condition } : {}),
    ...(query.minPrice !== undefined ? { minPrice: query.minPrice } : {}),
    ...(query.maxPrice !== undefined ? { maxPrice: query.maxPrice } : {}),
    ...(query.location ? { location: query.location } : {}),
    ...(query.sort ? { sort: query.sort } : {}),
  };
}

/**
 * The 'Save this search' dialog (SaveSearchButton.tsx opens it; its own chunk, loaded on the first
 * open): saves the current filters and keywords under a name, optionally with a push when a new
 * match goes live. Signed out, it asks the shopper to sign in.
 */
export default function SaveSearchDialog({
  query,
  names = {},
  open,
  onOpenChange: setOpen,
}: {
  query: Partial<ShopQuery>;
  names?: Names;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { user, isPending } = useSession();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent className="max-w-md p-5 sm:p-6">
        {user ? (
          // Keyed by the query: reopening after changing filters starts from the new search.
          <SaveForm key={JSON.stringify(query)} query={query} names={names} onDone={() => setOpen(false)} />
        ) : isPending ? (
          <div role="status" className="pr-8">
            <DialogTitle className="text-lg font-bold text-ink-950">Save this search</DialogTitle>
            <DialogDescription className="mt-2 text-sm text-ink-700">
              Checking your sign-in...
            </DialogDescription>
          </div>
        ) : (
          <SignInPrompt />
        )}
      </DialogContent>
    </Dialog>
  );
}

function SignInPrompt() {
  return (
    <div className="flex flex-col gap-4 pr-8">
      <DialogTitle className="text-lg font-bold text-ink-950">Sign in to save searches</DialogTitle>
      <DialogDescription className="text-sm text-ink-700">
        Saved searches keep your filters and keywords in your account. You can ask for a push as soon as a new
        match goes live, and, if you agree to our new-drops email, get new matches in it every day.
      </DialogDescription>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">Not now</Button>
        </DialogClose>
        <ButtonLink to="/auth">
          <LogIn aria-hidden="true" />
          Sign in
        </ButtonLink>
      </div>
    </div>
  );
}

/** Joining the daily email from this dialog: its error toast closes once a later join works. */
const JOIN_EMAIL_ACTION = 'new-drops-email-join';

function SaveForm({ query, names, onDone }: { query: Partial<ShopQuery>; names: Names; onDone: () => void }) {
  const view = asView(query);
  const categoryName = view.category ? names.categories?.get(view.category) : undefined;
  const [name, setName] = useState(() => suggestedName(view, categoryName));
  const [notifyPush, setNotifyPush] = useState(false);
  const [joinEmail, setJoinEmail] = useState(false);
  const [nameError, setNameError] = useState<string | undefined>();
  const save = useSaveSearch();
  const join = useJoinNewDropsEmail();
  // Whether the daily new-drops email reaches this shopper (the server's answer, core
  // receivesNewDropsEmail): only then is it promised; otherwise the dialog says so and offers it.
  const dailyEmail = useSavedSearches().data?.dailyEmail;
  const navigate = useNavigate();
  const alertId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Please give this search a name.');
      return;
    }
    setNameError(undefined);
    save.mutate(
      { name: trimmed, query, notifyPush },
      {
        onSuccess: async (saved) => {
          let emailNote: string | undefined;
          if (joinEmail && dailyEmail === false) {
            try {
              await join.mutateAsync();
              toast.succeeded(JOIN_EMAIL_ACTION);
              emailNote = 'New matches will be in your daily new-drops email.';
            } catch (error) {
              toast.failed(JOIN_EMAIL_ACTION, errorMessageOf(error));
            }
          }
          toast.success(`Search saved: ${saved.name}`, {
            ...(emailNote ? { description: emailNote } : {}),
            action: { label: 'View', onClick: () => void navigate('/account#saved-searches') },
          });
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="pr-8">
        <DialogTitle className="text-lg font-bold text-ink-950">Save this search</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-ink-700">
          {dailyEmail
            ? 'Find it again in your account. New matches also appear in your daily new-drops email.'
            : dailyEmail === false
              ? "Find it again in your account. You haven't agreed to our new-drops email, so new matches won't be emailed to you unless you tick the box below."
              : 'Find it again in your account.'}
        </DialogDescription>
      </div>
      <ul aria-label="This search" className="flex flex-wrap gap-1.5">
        {describeSearch(view, names).map((part) => (
          <li key={part} className="rounded-full bg-ink-100 px-2.5 py-1 text-xs font-semibold text-ink-800">
            {part}
          </li>
        ))}
      </ul>
      {save.isError ? <FormAlert id={alertId}>{errorMessageOf(save.error)}</FormAlert> : null}
      <TextField
        label="Name"
        required
        maxLength={SAVED_SEARCH_NAME_MAX}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          if (e.target.value.trim()) setNameError(undefined);
        }}
        error={nameError}
        describedBy={save.isError ? alertId : undefined}
        autoComplete="off"
      />
      <CheckboxField
        label="Send me a push notification when a new match goes live"
        description="Only for this search, on devices where you turned on push. You can turn it off in your account."
        checked={notifyPush}
        onChange={(e) => setNotifyPush(e.target.checked)}
      />
      {dailyEmail === false ? (
        <CheckboxField
          label="Email me new matches in the daily new-drops email"
          description="You agree to marketing emails from Rebound: new drops and your matches, once a day. Unsubscribe anytime."
          checked={joinEmail}
          onChange={(e) => setJoinEmail(e.target.checked)}
        />
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary" type="button">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={save.isPending || join.isPending}>
          {save.isPending || join.isPending ? 'Saving...' : 'Save search'}
        </Button>
      </div>
    </form>
  );
}
