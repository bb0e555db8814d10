import { PROPERTY_STAGES, type PropertyStage } from '@bec/contracts';
import { Button, Menu } from '@mantine/core';
import { useT } from '@/i18n/use-t';
import { stageLabel } from '@/lib/stages';

export type MoveMenuProps = {
  name: string;
  stage: PropertyStage;
  onMove: (stage: PropertyStage) => void;
  disabled?: boolean;
};

/** "Mover a…": the other stages as a menu, the board's way to move a card without dragging. */
export function MoveMenu({ name, stage, onMove, disabled }: MoveMenuProps) {
  const t = useT();
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          size="compact-xs"
          variant="subtle"
          aria-label={t('pipeline.moveToLabel', { name })}
          disabled={disabled}
        >
          {t('pipeline.moveTo')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {PROPERTY_STAGES.filter((s) => s !== stage).map((s) => (
          <Menu.Item key={s} onClick={() => onMove(s)}>
            {t(stageLabel(s))}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
