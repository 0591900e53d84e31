export function AdBox() {
  return (
    <aside
      aria-label="مساحة إعلانية"
      className="flex h-64 flex-col items-center justify-center rounded-lg border-2 border-dashed border-slate-300 bg-white text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400"
    >
      <p className="font-bold">مساحة إعلانية</p>
      <p className="text-sm">للإعلان تواصل معنا</p>
    </aside>
  );
}
