import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FONT_SIZE, type LaidEdge, type LaidNode, type Layout } from './layout';
import { pressedToggle } from './pressed';
import { unionBox, useViewport, type Box as ViewBox } from './viewport';

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
    <g data-state={node.id} data-active={active || undefined} data-compound={node.compound || undefined}>
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
          fontSize={FONT_SIZE}
          fill={c('fg-muted')}
        >
          {line}
        </text>
      ))}
    </g>
  );
}

function EdgeShape({ edge, taken, selected }: { edge: LaidEdge; taken: boolean; selected: boolean }) {
  const color = selected ? c('orange-solid') : taken ? c('teal-solid') : c('fg-muted');
  const defined = edge.edge;
  return (
    <g
      data-edge={defined?.id}
      data-taken={taken || undefined}
      data-selected={selected || undefined}
      style={defined ? { cursor: 'pointer' } : undefined}
    >
      <path
        d={pathOf(edge.points)}
        fill="none"
        stroke={color}
        strokeWidth={taken || selected ? 2.5 : 1.2}
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
            fill={selected ? c('orange-subtle') : taken ? c('teal-subtle') : c('bg')}
            stroke={selected ? c('orange-solid') : undefined}
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

/**
 * What following the active state brings into view, largest first: the deepest active states with the
 * labels of the transitions they can take and of the ones just taken, else those states alone.
 */
function activeBoxes(layout: Layout, active: Set<string>, taken: Set<string>): ViewBox[] {
  const leaves = layout.nodes.filter((node) => active.has(node.id) && !node.compound);
  const states = unionBox(leaves);
  if (!states) return [];
  const leafIds = new Set(leaves.map((node) => node.id));
  const labels = layout.edges.flatMap((laid) =>
    laid.label && laid.edge && (leafIds.has(laid.edge.sourceId) || taken.has(laid.edge.id))
      ? [laid.label]
      : [],
  );
  const around = unionBox([states, ...labels]);
  return around && labels.length ? [around, states] : [states];
}

export function Diagram({
  layout,
  active,
  taken,
  selectedEdge,
  onSelectEdge,
}: {
  layout: Layout;
  active: Set<string>;
  taken: Set<string>;
  selectedEdge?: string | null;
  onSelectEdge?: (edgeId: string) => void;
}) {
  const pane = useRef<HTMLDivElement>(null);
  const { view, zoom, fit, whole, reveal, handlers } = useViewport(pane, layout);
  const [follow, setFollow] = useState(true);
  const focus = useMemo(() => activeBoxes(layout, active, taken), [layout, active, taken]);
  useEffect(() => {
    if (follow && focus.length) reveal(focus);
  }, [follow, focus, reveal]);

  return (
    <Flex direction="column" h="full" minH={0} borderWidth="1px" borderRadius="md" bg="bg" overflow="hidden">
      <Flex
        gap={1}
        p={1}
        borderBottomWidth="1px"
        align="center"
        wrap="wrap"
        role="toolbar"
        aria-label="Diagram view"
      >
        <Button size="xs" variant="outline" onClick={() => zoom(1.25)} aria-label="Zoom in">
          +
        </Button>
        <Button size="xs" variant="outline" onClick={() => zoom(0.8)} aria-label="Zoom out">
          −
        </Button>
        <Button size="xs" variant="outline" onClick={fit}>
          Fit
        </Button>
        <Button size="xs" variant="outline" onClick={whole}>
          Whole
        </Button>
        <Button
          size="xs"
          {...(follow ? pressedToggle : { variant: 'outline' })}
          aria-pressed={follow}
          onClick={() => setFollow(!follow)}
        >
          Follow active state
        </Button>
        <Text fontSize="xs" color="fg.muted" ms="auto" px={1} data-testid="zoom-level">
          {Math.round(view.scale * 100)}%
        </Text>
      </Flex>
      <Box
        ref={pane}
        flex="1"
        minH={0}
        position="relative"
        overflow="hidden"
        cursor="grab"
        touchAction="none"
        data-testid="statechart"
        role="region"
        aria-label="Statechart (drag or arrow keys to pan, wheel, pinch or + and - to zoom, 0 to fit)"
        tabIndex={0}
        _focusVisible={{ outline: '2px solid', outlineColor: 'teal.solid', outlineOffset: '-2px' }}
        {...handlers}
        // Clicking an arrow or its label selects the edge (the side panel lists them for the keyboard).
        onClick={(event) => {
          const id = (event.target as Element).closest('[data-edge]')?.getAttribute('data-edge');
          if (id && onSelectEdge) onSelectEdge(id);
        }}
      >
        <svg
          width="100%"
          height="100%"
          role="img"
          aria-label="statechart"
          style={{ display: 'block', position: 'absolute', inset: 0 }}
          data-scale={view.scale}
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
          <g transform={`translate(${view.x},${view.y}) scale(${view.scale})`}>
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
              <EdgeShape
                key={edge.id}
                edge={edge}
                taken={edge.edge ? taken.has(edge.edge.id) : false}
                selected={!!edge.edge && edge.edge.id === selectedEdge}
              />
            ))}
          </g>
        </svg>
      </Box>
    </Flex>
  );
}
