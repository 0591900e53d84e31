/** 'تغيير كلمة المرور' for the signed-in staff member: the current password first; their other sessions end. */
import { ownPasswordInput, type OwnPasswordInput } from '../../../shared/schemas/admin';
import { errorText } from '../api/client';
import { useChangeOwnPassword } from '../api/admins';
import { applyServerErrors, useSchemaForm } from './form';
import { described, Field, FormActions, FormAlert, Input } from './ui';

export function OwnPasswordForm({ onDone }: { onDone: () => void }) {
  const form = useSchemaForm<typeof ownPasswordInput, OwnPasswordInput>(ownPasswordInput, {
    currentPassword: '',
    password: '',
  });
  const change = useChangeOwnPassword(onDone);
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) => change.mutate(body, { onError: (err) => applyServerErrors(form, err) }));
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field label="كلمة المرور الحالية" id="own-current" error={errors.currentPassword?.message}>
        <Input
          id="own-current"
          type="password"
          autoComplete="current-password"
          {...form.register('currentPassword')}
          {...described('own-current', errors.currentPassword?.message)}
        />
      </Field>
      <Field
        label="كلمة المرور الجديدة"
        id="own-new"
        error={errors.password?.message}
        hint="6 أحرف على الأقل. ستنتهي جلساتك الأخرى على الأجهزة الأخرى."
      >
        <Input
          id="own-new"
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
          {...described('own-new', errors.password?.message, true)}
        />
      </Field>
      <FormAlert
        message={
          change.isError && !errors.currentPassword
            ? errorText(change.error, 'حدث خطأ أثناء تغيير كلمة المرور، حاول مرة أخرى')
            : undefined
        }
      />
      <FormActions onCancel={onDone} saving={change.isPending} />
    </form>
  );
}
