/** Settings: which roles must sign in with a second factor (or, when STAFF_2FA_ROLES sets it, what it says). */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ROLE_LABELS, ROLE_VALUES, type Role } from '../../../shared/permissions';
import { securitySettingsQuery, useSaveSecuritySettings } from '../api/security';
import { Button, Card, Loading } from './ui';

export function SecurityPolicy() {
  const policy = useQuery(securitySettingsQuery());
  const save = useSaveSecuritySettings();
  const [roles, setRoles] = useState<Role[]>([]);
  useEffect(() => {
    if (policy.data) setRoles(policy.data.twoFactorRoles);
  }, [policy.data]);
  const fixed = policy.data?.fromEnvironment ?? false;
  return (
    <Card className="mt-6 space-y-3">
      <h2 className="text-lg font-bold">أمان الدخول</h2>
      {!policy.data ? (
        policy.isError ? (
          <p role="alert">تعذّر تحميل سياسة الدخول</p>
        ) : (
          <Loading />
        )
      ) : (
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(roles);
          }}
        >
          <fieldset className="space-y-2" disabled={fixed || save.isPending}>
            <legend className="mb-1 text-sm font-bold">الأدوار التي يلزمها التحقق بخطوتين</legend>
            {ROLE_VALUES.map((r) => (
              <label key={r} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={roles.includes(r)}
                  onChange={(e) => setRoles(e.target.checked ? [...roles, r] : roles.filter((x) => x !== r))}
                />
                {ROLE_LABELS[r]}
              </label>
            ))}
          </fieldset>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            من لا يملك من هذه الأدوار وسيلة تحقق ثانية يُطلب منه إعدادها بعد كلمة المرور مباشرة، ولن يتمكن من فتح لوحة
            التحكم قبل ذلك.
          </p>
          {fixed ? (
            <p
              className="rounded border border-amber-300 bg-amber-50 p-2 text-sm font-bold dark:border-amber-800 dark:bg-amber-950"
              role="note"
            >
              هذه السياسة مضبوطة على الخادم بمتغير البيئة <bdi dir="ltr">STAFF_2FA_ROLES</bdi>، فلا تُغيَّر من هنا.
            </p>
          ) : (
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'جاري الحفظ...' : 'حفظ السياسة'}
            </Button>
          )}
        </form>
      )}
    </Card>
  );
}
