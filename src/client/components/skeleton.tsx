export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-slate-200 dark:bg-slate-800 ${className}`} />;
}

export function LoadingBlock({ title, hint }: { title: string; hint?: string }) {
  return (
    <div role="status" aria-live="polite" className="space-y-3 py-6">
      <p className="font-bold">{title}</p>
      {hint && <p className="text-sm text-slate-600 dark:text-slate-300">{hint}</p>}
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-4 w-1/2" />
    </div>
  );
}
