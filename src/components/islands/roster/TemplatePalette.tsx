import { useDraggable } from '@dnd-kit/core';
import { GripVertical } from 'lucide-react';
import type { ShiftTemplateDto } from './roster-dto.ts';

/** What a template being dragged carries (dnd-kit `data`). */
export interface TemplateDragData {
  kind: 'template';
  template: number;
  label: string;
}

function PaletteItem({ template, hint }: { template: ShiftTemplateDto; hint: string }) {
  const data: TemplateDragData = { kind: 'template', template: template._id, label: template.name };
  const drag = useDraggable({ id: `template:${template._id}`, data });
  return (
    <li>
      <button
        type="button"
        ref={drag.setNodeRef}
        {...drag.attributes}
        {...drag.listeners}
        title={hint}
        className={`flex cursor-grab items-center gap-1.5 rounded-lg border border-line bg-card px-2 py-1 text-xs hover:border-primary ${drag.isDragging ? 'opacity-50' : ''}`}
        style={{ borderInlineStartColor: template.colour, borderInlineStartWidth: 4 }}
        data-testid="palette-template"
        data-template={template._id}
      >
        <GripVertical size={12} aria-hidden="true" className="text-muted" />
        <span className="font-semibold">{template.name}</span>
        <span className="text-muted tabular-nums">
          {template.startTime}–{template.endTime}
        </span>
      </button>
    </li>
  );
}

/** The templates to drag onto the grid (a drop on a free cell assigns it). */
export function TemplatePalette({ templates, label, hint }: { templates: ShiftTemplateDto[]; label: string; hint: string }) {
  const active = templates.filter((t) => !t.archived);
  if (active.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label={label} data-testid="template-palette">
      {active.map((t) => (
        <PaletteItem key={t._id} template={t} hint={hint} />
      ))}
    </ul>
  );
}
