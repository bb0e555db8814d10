import type { DuplicateCandidate, DuplicateCheckBody } from '@bec/contracts';
import { Alert, Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { paths } from '@/config/paths';
import { checkDuplicates } from '@/features/properties/api/check-duplicates';
import { useT } from '@/i18n/use-t';
import { formatDistance } from '@/lib/format';

/** A check that has not answered by then lets the save go ahead: it must never hold it up. */
const DUPLICATE_CHECK_TIMEOUT_MS = 5000;

/** What the check needs of the form: where, what, and the photos just uploaded. */
export type DuplicateCheckFields = Pick<
  DuplicateCheckBody,
  'address' | 'city_id' | 'property_type_id' | 'latitude' | 'longitude'
>;

/**
 * The duplicate check before a save (ADR 018). `warns` asks the API and answers true when the
 * save should wait for the editor: candidates were found and the editor has not chosen "save
 * anyway" yet. A check that fails or takes too long answers false, so the save goes on.
 */
export function useDuplicateCheck(excludeId: number | null = null) {
  const [candidates, setCandidates] = useState<DuplicateCandidate[] | null>(null);
  const confirmed = useRef(false);

  async function warns(fields: DuplicateCheckFields, photos: string[]): Promise<boolean> {
    if (confirmed.current) {
      confirmed.current = false;
      setCandidates(null);
      return false;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const found = await Promise.race([
        checkDuplicates({
          address: fields.address,
          city_id: fields.city_id,
          property_type_id: fields.property_type_id,
          latitude: fields.latitude ?? null,
          longitude: fields.longitude ?? null,
          photos,
          exclude_id: excludeId,
        }),
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), DUPLICATE_CHECK_TIMEOUT_MS);
        }),
      ]);
      const shown = found && found.length > 0 ? found : null;
      setCandidates(shown);
      return shown !== null;
    } catch {
      setCandidates(null);
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The editor chose to save anyway: the next `warns` lets the save through. */
  const confirm = () => {
    confirmed.current = true;
    setCandidates(null);
  };
  const dismiss = () => setCandidates(null);

  return { candidates, warns, confirm, dismiss };
}

export type DuplicateWarningProps = {
  candidates: DuplicateCandidate[];
  /** Save as entered. */
  onSaveAnyway: () => void;
  /** Back to the form, as it is. */
  onReview: () => void;
};

/**
 * "Posible duplicado": the stored properties that look like the one being entered, each a link
 * that opens in a new tab (so nothing typed is lost) with why it looks the same.
 */
export function DuplicateWarning({ candidates, onSaveAnyway, onReview }: DuplicateWarningProps) {
  const t = useT();
  const reasonText = (candidate: DuplicateCandidate, reason: DuplicateCandidate['reasons'][0]) => {
    switch (reason) {
      case 'address':
        return t('properties.duplicates.sameAddress', { city: candidate.city_name });
      case 'nearby':
        return candidate.distance_m === null
          ? t('properties.duplicates.sameTypeNear')
          : t('properties.duplicates.sameTypeAt', {
              distance: formatDistance(candidate.distance_m),
            });
      case 'photo':
        return t('properties.duplicates.samePhoto');
    }
  };
  return (
    <Alert color="yellow" title={t('properties.duplicates.title')} role="alert">
      <Stack gap="sm">
        <Text size="sm">{t('properties.duplicates.intro')}</Text>
        <List size="sm" spacing={4}>
          {candidates.map((candidate) => (
            <List.Item key={candidate.id}>
              <Anchor
                href={paths.property.getHref(candidate.id)}
                target="_blank"
                rel="noopener noreferrer"
              >
                {candidate.name}
              </Anchor>{' '}
              <Text span size="sm" c="dimmed">
                {`${[candidate.address, candidate.city_name].filter(Boolean).join(', ')} · `}
                {candidate.reasons.map((reason) => reasonText(candidate, reason)).join(', ')}
              </Text>
            </List.Item>
          ))}
        </List>
        <Group gap="sm">
          <Button size="xs" color="yellow" onClick={onSaveAnyway}>
            {t('properties.duplicates.saveAnyway')}
          </Button>
          <Button size="xs" variant="default" onClick={onReview}>
            {t('properties.duplicates.review')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
