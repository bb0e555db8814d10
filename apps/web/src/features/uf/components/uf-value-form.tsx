import { PutUfValueBodySchema, UfDateParamsSchema } from '@bec/contracts';
import { Button, Group, NumberInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { numberInputFormat } from '@/components/number-input-format';
import { usePutUfValue } from '@/features/uf/api/put-uf-value';
import { useT } from '@/i18n/use-t';
import { errorText, firstProblem } from '@/lib/error-text';
import { formatDay, formatUfValue } from '@/lib/format';

type UfFormValues = { date: string; value: number | string };

/**
 * Enters the UF of a day by hand, for an install that cannot reach a source: the same rules as the
 * API's (the contract), checked before sending; the API's answer re-prices UF properties.
 */
export function UfValueForm({ today }: { today: string }) {
  const t = useT();
  const form = useForm<UfFormValues>({
    mode: 'uncontrolled',
    initialValues: { date: today, value: '' },
    validate: {
      date: (date) => firstProblem(UfDateParamsSchema, { date }),
      value: (value) =>
        firstProblem(PutUfValueBodySchema, { value: value === '' ? undefined : value }),
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
      onSubmit={form.onSubmit(({ date, value }) => save.mutate({ date, value: Number(value) }))}
    >
      <Group align="flex-end" gap="sm">
        <TextInput
          type="date"
          label={t('uf.form.date')}
          required
          key={form.key('date')}
          {...form.getInputProps('date')}
        />
        <NumberInput
          label={t('uf.form.value')}
          description={t('uf.form.valueHint')}
          required
          decimalScale={2}
          prefix="CLP$ "
          {...numberInputFormat()}
          key={form.key('value')}
          {...form.getInputProps('value')}
        />
        <Button type="submit" loading={save.isPending}>
          {t('uf.form.save')}
        </Button>
      </Group>
    </form>
  );
}
