import { type SignedInUser, signedInUser } from './auth';
import { makeCategory } from './factories';
import { type TestApp, useTestApp } from './harness';

// The back-office catalogue's tests' setting: one app, a staff member, a shopper (who is refused)
// and a category to file products under.

export interface CatalogueCast {
  staff: SignedInUser;
  shopper: SignedInUser;
  categoryId: string;
}

/** The file's app at `now` and its cast `c` (filled in before the first test). */
export function useCatalogueApp(now: Date, category: { name: string; slug: string }) {
  const c = {} as CatalogueCast;
  const t: TestApp = useTestApp({ now }, async (t) => {
    c.staff = await signedInUser(t, { role: 'staff' });
    c.shopper = await signedInUser(t);
    c.categoryId = (await makeCategory(t.db, category)).id;
  });
  return { t, c };
}
