import { PutUfValueBodySchema, UfDateParamsSchema } from '@bec/contracts';
import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { NumberField, numberTextProblem } from '@/components/number-field';
import { usePutUfValue } from '@/features/uf/api/put-uf-value';
import { useT } from '@/i18n/use-t';
import { errorText, firstProblem } from '@/lib/error-text';
import { formatDay, formatUfValue } from '@/lib/format';
import { numberOrNull, readNumber } from '@/lib/number-text';

/** The value as typed ("39.643,59" or "39,643.59"), read as every number box reads it. */
type UfFormValues = { date: string; value: string };

const pesosOf = (text: string) => numberOrNull(readNumber(text));

/**
 * Enters the UF of a day by hand, for an install that cannot reach a source: the same rules as the
 * API's (the contract), checked before sending; the API's answer re-prices UF properties.
 */
export function UfValueForm({ today }: { today: string }) {
  const t = useT();
  const form = useForm<UfFormValues>({
    mode: 'controlled',
    initialValues: { date: today, value: '' },
    validate: {
      date: (date) => firstProblem(UfDateParamsSchema, { date }),
      value: (value) =>
        numberTextProblem(value) ??
        firstProblem(PutUfValueBodySchema, { value: pesosOf(value) ?? undefined }),
    },
  });
  const save = usePutUfValue({
    onSuccess: ({ stored, repriced }) => {
      notifications.show({
        color: 'green',
        message: t('uf.form.saved', {
          date: formatDay(stored.date),
          value: formatUfValue(stored.value),
          repriced,
        }),
      });
      form.setFieldValue('value', '');
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: t('uf.form.notSaved'),
        message: errorText(error),
      }),
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ date, value }) =>
        save.mutate({ date, value: Number(pesosOf(value)) }),
      )}
    >
      <Group align="flex-end" gap="sm">
        <TextInput type="date" label={t('uf.form.date')} required {...form.getInputProps('date')} />
        <NumberField
          label={t('uf.form.value')}
          hint={t('uf.form.valueHint')}
          required
          format={formatUfValue}
          {...form.getInputProps('value')}
        />
        <Button type="submit" loading={save.isPending}>
          {t('uf.form.save')}
        </Button>
      </Group>
    </form>
  );
}
