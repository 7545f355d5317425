import * as TabsPrimitive from '@radix-ui/react-tabs';
import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

// Radix tabs (arrow keys, roles, focus) with our look: a segmented control over the panels.
export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={clsx('grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-ink-100 p-1', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={clsx(
        'inline-flex h-10 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-semibold whitespace-nowrap text-ink-600 transition-colors [&_svg]:size-4',
        'hover:text-ink-900 data-[state=active]:bg-white data-[state=active]:text-ink-950 data-[state=active]:shadow-card',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={clsx('rounded-xl focus-visible:outline-offset-4', className)}
      {...props}
    />
  );
}
