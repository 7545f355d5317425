import { Container } from '../../../components/ui/Container';
import { Skeleton } from '../../../components/ui/Skeleton';

/** The product page while it loads (also the fallback while its code loads). */
export function ProductPageSkeleton() {
  return (
    <Container className="py-6 sm:py-8 lg:py-12">
      <p role="status" className="mb-5 text-sm text-ink-600 sm:mb-8">
        Loading product...
      </p>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-14">
        <Skeleton className="aspect-square w-full rounded-card" />
        <div className="flex flex-col gap-4">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-2/3" />
          <div className="flex gap-2">
            <Skeleton className="h-6 w-20 rounded-full" />
            <Skeleton className="h-6 w-24 rounded-full" />
          </div>
          <Skeleton className="mt-2 h-56 w-full rounded-card" />
          <Skeleton className="h-32 w-full rounded-card" />
        </div>
      </div>
    </Container>
  );
}
