import {
  MAX_PHOTOS_PER_PROPERTY,
  PHOTO_CONTENT_TYPES,
  QUICK_PROPERTY_FIELDS,
} from '@bec/contracts';
import { Button, Input, Stack, Text, TextInput } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type QueueTarget, queueOffline } from '@/entities/offline-queue/send-or-queue';
import { ComunaSelect } from '@/entities/reference/comuna-select';
import { PropertyTypeSelect } from '@/entities/reference/property-type-select';
import {
  emptyPropertyFormValues,
  type PropertyFormValues,
  toPropertyPayload,
  validatePropertyForm,
} from '@/features/properties/components/property-form/property-form-values';
import { PropertyPriceField } from '@/features/properties/components/property-price-field';
import {
  type NearestComuna,
  nearestKnownComuna,
} from '@/features/properties/components/quick-add/nearest-comuna';
import type { MessageId } from '@/i18n/message-id';
import { useT } from '@/i18n/use-t';
import { formatCoordinate, formatDistance } from '@/lib/format';

/** How long the phone may take to find itself before the form says it could not. */
const POSITION_TIMEOUT_MS = 15_000;

type Position =
  | { state: 'idle' }
  | { state: 'locating' }
  | { state: 'found'; lat: number; lng: number; accuracy: number; nearest: NearestComuna | null }
  | { state: 'failed'; reason: PositionFailure };

type PositionFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';
const POSITION_ERRORS = {
  1: 'denied',
  2: 'unavailable',
  3: 'timeout',
} as const satisfies Record<number, PositionFailure>;
/** Why the phone gave no position, in words (each key whole, for the catalogue's checks). */
const POSITION_FAILURE_TEXT: Record<PositionFailure, MessageId> = {
  denied: 'properties.quickAdd.position.denied',
  unavailable: 'properties.quickAdd.position.unavailable',
  timeout: 'properties.quickAdd.position.timeout',
  unsupported: 'properties.quickAdd.position.unsupported',
};

export type QuickAddFormProps = {
  /** Whose phone queue keeps it (the signed-in member). */
  target: Omit<QueueTarget, 'label'>;
  /** After it was saved on the phone (and, with a network, sent at once). */
  onSaved?: () => void;
};

/**
 * A property seen in the street, in a few taps (ADR 048): name, type, price in CLP or
 * UF, comuna, the phone's position (asked for only when the person taps for it) and photos from
 * the camera. Address and areas are left for later: the property says "Falta completar". It is
 * saved on the phone first, with its photos, and the queue sends it (at once when there is a
 * network), exactly once under its Idempotency-Key, like a visit logged offline (ADR 047).
 */
export function QuickAddForm({ target, onSaved }: QuickAddFormProps) {
  const t = useT();
  const client = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [position, setPosition] = useState<Position>({ state: 'idle' });
  const [saving, setSaving] = useState(false);
  const form = useForm<PropertyFormValues>({
    mode: 'controlled',
    initialValues: emptyPropertyFormValues,
    validate: (values) => validatePropertyForm(values),
  });

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setPosition({ state: 'failed', reason: 'unsupported' });
      return;
    }
    setPosition({ state: 'locating' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const nearest = nearestKnownComuna(client, [coords.latitude, coords.longitude]);
        setPosition({
          state: 'found',
          lat: coords.latitude,
          lng: coords.longitude,
          accuracy: coords.accuracy,
          nearest,
        });
        form.setFieldValue('latitude', String(coords.latitude));
        form.setFieldValue('longitude', String(coords.longitude));
        // A suggestion, not a choice over the person's: only an empty comuna takes it.
        if (nearest && !form.getValues().city_id)
          form.setFieldValue('city_id', String(nearest.cityId));
      },
      (error) =>
        setPosition({
          state: 'failed',
          reason: POSITION_ERRORS[error.code as 1 | 2 | 3] ?? 'unavailable',
        }),
      { enableHighAccuracy: true, timeout: POSITION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = form.validate();
    if (result.hasErrors) {
      focusFirstError(result.errors);
      return;
    }
    const { photos: _none, ...body } = toPropertyPayload(form.getValues(), []);
    setSaving(true);
    try {
      await queueOffline(
        { ...target, label: body.name },
        {
          kind: 'property',
          body,
          photos: files.map((file) => ({ name: file.name, type: file.type, blob: file })),
        },
        crypto.randomUUID(),
      );
      form.reset();
      setFiles([]);
      setPosition({ state: 'idle' });
      onSaved?.();
    } finally {
      setSaving(false);
    }
  };

  const focusFirstError = (errors: FormErrors) => {
    // The fields quick add asks for, in the form's order (ADR 066).
    const first = QUICK_PROPERTY_FIELDS.find((field) => errors[field]);
    if (first) form.getInputNode(first)?.focus();
  };

  return (
    <form noValidate onSubmit={submit} aria-label={t('properties.quickAdd.form')}>
      <Stack gap="md">
        <TextInput
          label={t('properties.form.name')}
          withAsterisk
          autoComplete="off"
          placeholder={t('properties.quickAdd.namePlaceholder')}
          {...form.getInputProps('name')}
        />
        <PropertyTypeSelect
          label={t('properties.form.propertyType')}
          withAsterisk
          {...form.getInputProps('property_type_id')}
        />
        <PropertyPriceField
          withAsterisk
          inputMode="decimal"
          unit={form.getInputProps('price_unit')}
          {...form.getInputProps('price')}
        />
        <Stack gap={4}>
          <Button
            variant="light"
            onClick={locate}
            loading={position.state === 'locating'}
            aria-describedby="quick-add-position"
          >
            {t('properties.quickAdd.locate')}
          </Button>
          <Text
            size="sm"
            c={position.state === 'failed' ? 'red' : 'dimmed'}
            id="quick-add-position"
          >
            <PositionText position={position} />
          </Text>
        </Stack>
        <ComunaSelect
          label={t('properties.form.comuna')}
          withAsterisk
          maxDropdownHeight={240}
          {...form.getInputProps('city_id')}
        />
        <Input.Wrapper
          label={t('properties.quickAdd.photos')}
          description={t('properties.quickAdd.photosHint', { max: MAX_PHOTOS_PER_PROPERTY })}
          id="quick-add-photos"
        >
          <input
            id="quick-add-photos"
            type="file"
            multiple
            capture="environment"
            accept={PHOTO_CONTENT_TYPES.join(',')}
            onChange={(event) =>
              setFiles(
                Array.from(event.currentTarget.files ?? []).slice(0, MAX_PHOTOS_PER_PROPERTY),
              )
            }
          />
        </Input.Wrapper>
        {files.length > 0 && (
          <Text size="xs" c="dimmed">
            {files.map((file) => file.name).join(', ')}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {t('properties.quickAdd.later')}
        </Text>
        <Button type="submit" loading={saving}>
          {t('properties.quickAdd.save')}
        </Button>
      </Stack>
    </form>
  );
}

/** Where the phone is, and the comuna suggested from it, or why it could not tell. */
function PositionText({ position }: { position: Position }) {
  const t = useT();
  switch (position.state) {
    case 'idle':
      return t('properties.quickAdd.positionHint');
    case 'locating':
      return t('properties.quickAdd.locating');
    case 'failed':
      return t(POSITION_FAILURE_TEXT[position.reason]);
    case 'found': {
      const where = t('properties.quickAdd.found', {
        position: `${formatCoordinate(position.lat)}; ${formatCoordinate(position.lng)}`,
        accuracy: formatDistance(position.accuracy),
      });
      const suggestion = position.nearest
        ? t('properties.quickAdd.suggested', {
            comuna: position.nearest.cityName,
            distance: formatDistance(position.nearest.metres),
          })
        : t('properties.quickAdd.noSuggestion');
      return `${where} ${suggestion}`;
    }
  }
}
