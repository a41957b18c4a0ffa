import { Box } from '@chakra-ui/react';
import { FONT_SIZE, type LaidEdge, type LaidNode, type Layout } from './layout';

/** The SVG of a laid-out statechart; `active` state ids and `taken` edge ids are highlighted. */

const c = (token: string) => `var(--chakra-colors-${token})`;

function pathOf(points: { x: number; y: number }[]): string {
  if (!points.length) return '';
  const [first, ...rest] = points;
  if (!first) return '';
  return `M${first.x},${first.y} ${rest.map((p) => `L${p.x},${p.y}`).join(' ')}`;
}

function NodeShape({ node, active }: { node: LaidNode; active: boolean }) {
  if (node.kind === 'initial') {
    return <circle cx={node.x + node.width / 2} cy={node.y + node.height / 2} r={6} fill={c('fg')} />;
  }
  // Active atomic states are filled; an active parent only gets the teal outline, so its children stay readable.
  const fill = node.compound ? c('bg-subtle') : active ? c('teal-subtle') : c('bg-panel');
  const stroke = active
    ? c('teal-solid')
    : node.kind === 'any'
      ? c('border-emphasized')
      : c('border-emphasized');
  return (
    <g data-state={node.id} data-active={active || undefined}>
      <rect
        x={node.x}
        y={node.y}
        width={node.width}
        height={node.height}
        rx={node.compound ? 12 : 8}
        fill={fill}
        stroke={stroke}
        strokeWidth={active ? 2.5 : 1.2}
        strokeDasharray={node.kind === 'any' || node.parallel ? '5 4' : undefined}
      />
      <text
        x={node.compound ? node.x + 12 : node.x + node.width / 2}
        y={node.y + 19}
        textAnchor={node.compound ? 'start' : 'middle'}
        fontSize={FONT_SIZE + 1}
        fontWeight={600}
        fill={active ? c('teal-fg') : c('fg')}
        fontStyle={node.kind === 'any' ? 'italic' : undefined}
      >
        {node.title}
        {node.parallel ? ' (parallel)' : ''}
      </text>
      {node.lines.map((line, index) => (
        <text
          key={line}
          x={node.compound ? node.x + 12 : node.x + node.width / 2}
          y={node.y + 19 + (index + 1) * 15}
          textAnchor={node.compound ? 'start' : 'middle'}
          fontSize={FONT_SIZE - 1}
          fill={c('fg-muted')}
        >
          {line}
        </text>
      ))}
    </g>
  );
}

function EdgeShape({ edge, taken }: { edge: LaidEdge; taken: boolean }) {
  const color = taken ? c('teal-solid') : c('fg-muted');
  return (
    <g data-edge={edge.edge?.id} data-taken={taken || undefined}>
      <path
        d={pathOf(edge.points)}
        fill="none"
        stroke={color}
        strokeWidth={taken ? 2.5 : 1.2}
        markerEnd={taken ? 'url(#arrow-taken)' : 'url(#arrow)'}
      />
      {edge.label ? (
        <g>
          <rect
            x={edge.label.x - 2}
            y={edge.label.y}
            width={edge.label.width + 4}
            height={edge.label.height}
            rx={4}
            fill={taken ? c('teal-subtle') : c('bg')}
            opacity={0.92}
          />
          {edge.label.lines.map((line, index) => (
            <text
              key={line}
              x={edge.label ? edge.label.x + 3 : 0}
              y={(edge.label?.y ?? 0) + 13 + index * 15}
              fontSize={FONT_SIZE}
              fontFamily="ui-monospace, SFMono-Regular, Menlo, monospace"
              fontWeight={index === 0 ? 600 : 400}
              fill={index === 0 ? (taken ? c('teal-fg') : c('fg')) : c('fg-muted')}
            >
              {line}
            </text>
          ))}
        </g>
      ) : null}
    </g>
  );
}

export function Diagram({
  layout,
  active,
  taken,
}: {
  layout: Layout;
  active: Set<string>;
  taken: Set<string>;
}) {
  return (
    <Box
      overflow="auto"
      borderWidth="1px"
      borderRadius="md"
      bg="bg"
      data-testid="statechart"
      role="region"
      aria-label="Statechart"
      tabIndex={0}
    >
      <svg
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        role="img"
        aria-label="statechart"
        style={{ display: 'block' }}
      >
        <defs>
          {(['arrow', 'arrow-taken'] as const).map((id) => (
            <marker
              key={id}
              id={id}
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto"
            >
              <path d="M0,0 L10,5 L0,10 z" fill={id === 'arrow' ? c('fg-muted') : c('teal-solid')} />
            </marker>
          ))}
        </defs>
        {layout.nodes
          .filter((node) => node.compound)
          .sort((a, b) => a.depth - b.depth)
          .map((node) => (
            <NodeShape key={node.id} node={node} active={active.has(node.id)} />
          ))}
        {layout.nodes
          .filter((node) => !node.compound)
          .map((node) => (
            <NodeShape key={node.id} node={node} active={active.has(node.id)} />
          ))}
        {layout.edges.map((edge) => (
          <EdgeShape key={edge.id} edge={edge} taken={edge.edge ? taken.has(edge.edge.id) : false} />
        ))}
      </svg>
    </Box>
  );
}
