import { Moon, Sun } from 'lucide-react';
import { startTransition, useEffect, useState } from 'react';
import { applyTheme, currentTheme, type Theme } from '../lib/theme';

export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme | null>(null);
  useEffect(() => startTransition(() => setTheme(currentTheme())), []);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      onClick={() => {
        applyTheme(next);
        setTheme(next);
      }}
      className="rounded p-1.5 hover:bg-white/10"
      aria-label={theme === 'dark' ? 'الوضع الفاتح' : 'الوضع الداكن'}
      data-testid="theme-toggle"
    >
      {theme === 'dark' ? (
        <Sun className="size-4" aria-hidden="true" />
      ) : (
        <Moon className="size-4" aria-hidden="true" />
      )}
    </button>
  );
}
