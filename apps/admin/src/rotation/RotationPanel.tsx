import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { BARBER_STATUSES, type BarberStatus, type RotationEntry } from '@chairline/shared';
import { BARBER_STATUS_LABELS } from '@chairline/shared/queue-rules';
import { Avatar, Box, Card, Chip, MenuItem, Select, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { imageUrl } from '../common/image-url';
import { BRAND_COLOR } from '../layout/brand';
import { holdPrompts } from '../upgrade-prompts/blockers';

const STATUS_COLORS: Record<BarberStatus, string> = { available: '#16a34a', busy: '#f59e0b', break: '#6366f1', off: '#9ca3af' };

interface RowProps {
  entry: RotationEntry;
  upNext: boolean;
  sortable: boolean;
  onStatus: (status: BarberStatus) => void;
}

function RotationRow({ entry, upNext, sortable, onStatus }: RowProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: entry.id, disabled: !sortable });
  const ticket = entry.current_ticket;
  return (
    <Box
      ref={setNodeRef}
      data-testid="rotation-row"
      data-barber={entry.name}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        p: 1,
        pr: 1.5,
        borderRadius: 2,
        bgcolor: isDragging ? 'grey.100' : upNext ? `${BRAND_COLOR}0f` : 'transparent',
        border: '1px solid',
        borderColor: upNext ? `${BRAND_COLOR}55` : 'divider',
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        position: 'relative',
      }}
    >
      {sortable ? (
        <Box
          component="button"
          type="button"
          aria-label={`Drag to reorder ${entry.name}`}
          {...attributes}
          {...listeners}
          sx={{ border: 0, bgcolor: 'transparent', cursor: 'grab', color: 'text.secondary', display: 'flex', p: 0.5, touchAction: 'none' }}
        >
          <DragIndicatorIcon fontSize="small" />
        </Box>
      ) : (
        <Box sx={{ width: 28 }} />
      )}
      <Avatar src={imageUrl(entry.profile_pic)} sx={{ width: 34, height: 34, bgcolor: BRAND_COLOR, fontSize: 15 }}>
        {entry.name.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }} noWrap>
          {entry.name}
        </Typography>
        {/* Wraps rather than cutting "3 waiting" short beside the Up next chip in a narrow column. */}
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 0.75, minWidth: 0 }}>
          {upNext && <Chip size="small" label="Up next" color="primary" sx={{ height: 18, fontSize: 11 }} />}
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {ticket ? `${ticket.status === 'in_service' ? 'Serving' : 'Called'} ${ticket.party_name}` : `${entry.waiting_count} waiting`}
          </Typography>
        </Box>
      </Box>
      <Select
        size="small"
        value={entry.status}
        onChange={(e) => onStatus(e.target.value as BarberStatus)}
        inputProps={{ 'aria-label': `Status of ${entry.name}` }}
        sx={{ minWidth: 118, fontSize: 13, '& .MuiSelect-select': { py: 0.6, display: 'flex', alignItems: 'center', gap: 0.75 } }}
        renderValue={(value) => (
          <>
            <Box component="span" sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: STATUS_COLORS[value] }} />
            {BARBER_STATUS_LABELS[value].control}
          </>
        )}
      >
        {BARBER_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {BARBER_STATUS_LABELS[status].control}
          </MenuItem>
        ))}
      </Select>
    </Box>
  );
}

/** The barber rotation beside the board: drag to reorder the turn order, set each barber's status. */
export function RotationPanel({
  rotation,
  nextBarberId,
  onReorder,
  onStatus,
}: {
  rotation: readonly RotationEntry[];
  nextBarberId: number | null;
  onReorder: (barberIds: number[]) => void;
  onStatus: (barberId: number, status: BarberStatus) => void;
}) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const inRotation = rotation.filter((entry) => entry.position !== null);
  const outside = rotation.filter((entry) => entry.position === null);

  // Upgrade prompts stay away while a barber is being dragged (they could cover the drop place).
  const releasePrompts = useRef<(() => void) | null>(null);
  const endHold = () => {
    releasePrompts.current?.();
    releasePrompts.current = null;
  };
  useEffect(() => endHold, []);
  const onDragStart = () => {
    endHold();
    releasePrompts.current = holdPrompts();
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    endHold();
    if (!over || active.id === over.id) return;
    const ids = inRotation.map((entry) => entry.id);
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(ids, from, to));
  };

  return (
    <Card component="section" aria-label="Barber rotation" sx={{ p: 2 }}>
      <Typography variant="h6" sx={{ mb: 0.25 }}>
        Barber rotation
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Drag to change who is up next.
      </Typography>
      {inRotation.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          No barbers in the rotation.
        </Typography>
      )}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={endHold}>
        <SortableContext items={inRotation.map((entry) => entry.id)} strategy={verticalListSortingStrategy}>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            {inRotation.map((entry) => (
              <RotationRow key={entry.id} entry={entry} upNext={entry.id === nextBarberId} sortable onStatus={(s) => onStatus(entry.id, s)} />
            ))}
          </Box>
        </SortableContext>
      </DndContext>
      {outside.length > 0 && (
        <>
          <Typography variant="overline" color="text.secondary" sx={{ display: 'block', mt: 2 }}>
            Not in rotation
          </Typography>
          <DndContext sensors={sensors}>
            <SortableContext items={outside.map((entry) => entry.id)}>
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
                {outside.map((entry) => (
                  <RotationRow key={entry.id} entry={entry} upNext={false} sortable={false} onStatus={(s) => onStatus(entry.id, s)} />
                ))}
              </Box>
            </SortableContext>
          </DndContext>
        </>
      )}
    </Card>
  );
}
