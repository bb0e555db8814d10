import type { Visit } from '@bec/contracts';
import { ActionIcon, Anchor, Badge, Group, Image, Paper, Rating, Stack, Text } from '@mantine/core';
import { PencilIcon } from '@/components/pencil-icon';
import { ConfirmDeleteButton } from '@/components/screen-states/confirm-delete-button';
import { useT } from '@/i18n/use-t';
import { formatDateTime } from '@/lib/format';

export type VisitListProps = {
  visits: Visit[];
  /** Editors and admins get edit and delete on each visit. */
  canManage: boolean;
  onEdit?: (visit: Visit) => void;
  /** After the confirm dialog has been accepted. */
  onDelete?: (visit: Visit) => void;
  /** The clock, for "upcoming" (tests pin it). */
  now?: number;
};

/** A property's visits, newest first: when, who, the rating, notes and photo thumbnails. */
export function VisitList({ visits, canManage, onEdit, onDelete, now }: VisitListProps) {
  const t = useT();
  const at = now ?? Date.now();
  if (visits.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('visits.empty')}
      </Text>
    );
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {visits.map((visit) => {
        const date = formatDateTime(visit.visited_at);
        return (
          <Paper key={visit.id} component="li" withBorder p="sm" aria-label={date}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={4}>
                <Group gap="xs">
                  <Text fw={600}>{date}</Text>
                  {Date.parse(visit.visited_at) > at && (
                    <Badge variant="light">{t('visits.upcomingBadge')}</Badge>
                  )}
                </Group>
                <Text size="sm">
                  {visit.visitor
                    ? t('visits.visitor', { name: visit.visitor.name })
                    : t('visits.visitorUnknown')}
                </Text>
                {visit.rating !== null && (
                  <Rating
                    value={visit.rating}
                    readOnly
                    size="sm"
                    aria-label={t('visits.rating', { rating: visit.rating })}
                  />
                )}
                {visit.notes && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {visit.notes}
                  </Text>
                )}
                {visit.photos.length > 0 && (
                  <Group gap="xs">
                    {visit.photos.map((photo, index) => (
                      <Anchor key={photo.id} href={photo.url} target="_blank" rel="noopener">
                        <Image
                          src={photo.thumbnail_url}
                          alt={t('visits.photoAlt', { position: index + 1, date })}
                          w={96}
                          h={72}
                          radius="sm"
                          fit="cover"
                        />
                      </Anchor>
                    ))}
                  </Group>
                )}
                {visit.created_by_name && (
                  <Text size="xs" c="dimmed">
                    {t('visits.loggedBy', { name: visit.created_by_name })}
                  </Text>
                )}
              </Stack>
              {canManage && (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('visits.editLabel', { date })}
                    onClick={() => onEdit?.(visit)}
                  >
                    <PencilIcon />
                  </ActionIcon>
                  <ConfirmDeleteButton
                    label={t('visits.deleteLabel', { date })}
                    title={t('visits.delete.title', { date })}
                    body={t('visits.delete.body')}
                    confirm={t('visits.delete.confirm')}
                    cancel={t('visits.delete.cancel')}
                    onConfirm={() => onDelete?.(visit)}
                  />
                </Group>
              )}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
