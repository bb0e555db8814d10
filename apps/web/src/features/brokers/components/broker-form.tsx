import {
  type Broker,
  CreateBrokerBodySchema,
  formatChileanPhone,
  MAX_BROKER_NOTES,
} from '@bec/contracts';
import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { FormEvent } from 'react';
import { useSaveBroker } from '@/features/brokers/api/change-broker';
import { useT } from '@/i18n/use-t';
import { contractErrors, errorText, fieldErrorTexts } from '@/lib/error-text';

export type BrokerFormValues = {
  name: string;
  company: string;
  phone: string;
  email: string;
  notes: string;
};

/** A broker's fields as the form edits them: empty text for what it lacks, the phone as read. */
const toBrokerFormValues = (broker?: Broker | null): BrokerFormValues => ({
  name: broker?.name ?? '',
  company: broker?.company ?? '',
  phone: broker?.phone ? formatChileanPhone(broker.phone) : '',
  email: broker?.email ?? '',
  notes: broker?.notes ?? '',
});

/** Checked with the API's own contract, worded in the current language. */
const validateBrokerForm = contractErrors(CreateBrokerBodySchema);

export type BrokerFormProps = {
  /** The broker to edit; none to add one. */
  broker?: Broker | null | undefined;
  onSaved: (broker: Broker) => void;
  onCancel?: (() => void) | undefined;
};

/**
 * Adds or edits a broker: name (required), company, phone (a Chilean number, however written:
 * the API stores it as +56…), email, notes. Checked with the shared contract before anything is
 * sent; the server's problems come back onto their fields. It may open inside the property form
 * (in a modal, a portal): its submit stops there instead of reaching that form too.
 */
export function BrokerForm({ broker, onSaved, onCancel }: BrokerFormProps) {
  const t = useT();
  const save = useSaveBroker();
  const form = useForm<BrokerFormValues>({
    mode: 'controlled',
    initialValues: toBrokerFormValues(broker),
    validate: (values) => validateBrokerForm(values),
  });

  const submit = async (values: BrokerFormValues) => {
    try {
      const saved = await save.mutateAsync(
        broker
          ? { id: broker.id, body: { ...values, updated_at: broker.updated_at } }
          : { body: values },
      );
      onSaved(saved);
    } catch (error) {
      const fieldErrors = fieldErrorTexts(error);
      form.setErrors(
        Object.fromEntries(Object.entries(fieldErrors).map(([field, texts]) => [field, texts[0]])),
      );
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // React events bubble through portals: the property form around a modal must not submit.
    event.stopPropagation();
    form.onSubmit(submit)(event);
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('brokers.form.label')}>
      <Stack gap="sm">
        {save.isError && Object.keys(fieldErrorTexts(save.error)).length === 0 && (
          <Alert color="red" variant="light" role="alert">
            {t('brokers.form.failed', { message: errorText(save.error) })}
          </Alert>
        )}
        <TextInput
          label={t('brokers.form.name')}
          withAsterisk
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('brokers.form.company')}
          autoComplete="off"
          {...form.getInputProps('company')}
        />
        <TextInput
          label={t('brokers.form.phone')}
          description={t('brokers.form.phoneHint')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="+56 9 1234 5678"
          {...form.getInputProps('phone')}
        />
        <TextInput
          label={t('brokers.form.email')}
          type="email"
          autoComplete="off"
          {...form.getInputProps('email')}
        />
        <Textarea
          label={t('brokers.form.notes')}
          rows={3}
          resize="vertical"
          maxLength={MAX_BROKER_NOTES}
          {...form.getInputProps('notes')}
        />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={save.isPending}>
              {t('brokers.form.cancel')}
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {t('brokers.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
