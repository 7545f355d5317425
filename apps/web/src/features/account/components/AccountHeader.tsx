import type { Profile } from '@rebound/contract/profile';
import { AtSign, Mail } from 'lucide-react';
import type { ReactNode } from 'react';

type AccountHeaderProps = {
  profile: Profile;
  /** The Logout button (composed by the page). */
  actions?: ReactNode;
};

/** 'Welcome' with the user's email and handle, and the Logout button. */
export function AccountHeader({ profile, actions }: AccountHeaderProps) {
  const name = profile.firstName.trim() || profile.handle;
  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">My Account</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-ink-950 sm:text-4xl">Welcome, {name}</h1>
        <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1.5 text-sm text-ink-700">
          <li className="inline-flex min-w-0 items-center gap-1.5">
            <Mail className="size-4 shrink-0 text-ink-500" aria-hidden="true" />
            <span className="sr-only">Email: </span>
            <span className="truncate">{profile.email}</span>
          </li>
          <li className="inline-flex items-center gap-1.5">
            <AtSign className="size-4 shrink-0 text-ink-500" aria-hidden="true" />
            <span className="sr-only">Bidder handle: </span>
            {profile.handle}
          </li>
        </ul>
      </div>
      {actions ? <div className="flex shrink-0 gap-2">{actions}</div> : null}
    </div>
  );
}
