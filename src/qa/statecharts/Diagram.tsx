import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import {
  MiniMap,
  type ReactZoomPanPinchContentRef,
  TransformComponent,
  TransformWrapper,
} from 'react-zoom-pan-pinch';
import { FONT_SIZE, type LaidEdge, type LaidNode, type Layout } from './layout';
import { pressedToggle } from './pressed';

/**
 * A laid-out statechart, `active` states and `taken` edges highlighted; pan, zoom and minimap are
 * react-zoom-pan-pinch's. Below READABLE_SCALE (the overview) titles keep MIN_LABEL_PX on screen and the
 * details give way (an edge's label shows on hover, taken or selected).
 */

const c = (token: string) => `var(--chakra-colors-${token})`;

/** The smallest text the drawing may show on screen, in CSS pixels. */
const MIN_LABEL_PX = 11;
/** The scale at which the drawing's smallest text (FONT_SIZE) is MIN_LABEL_PX tall (92 %). */
const READABLE_SCALE = Math.ceil((MIN_LABEL_PX / FONT_SIZE) * 100) / 100;
const MAX_FIT_SCALE = 1.25;

function pathOf(points: { x: number; y: number }[]): string {
  const [first, ...rest] = points;
  return first ? `M${first.x},${first.y} ${rest.map((p) => `L${p.x},${p.y}`).join(' ')}` : '';
}

function NodeShape({ node, active }: { node: LaidNode; active: boolean }) {
  if (node.kind === 'initial') {
    return <circle cx={node.x + node.width / 2} cy={node.y + node.height / 2} r={6} fill={c('fg')} />;
  }
  // Active atomic states are filled; an active parent only gets the teal outline, so its children stay readable.
  const fill = node.compound ? c('bg-subtle') : active ? c('teal-subtle') : c('bg-panel');
  const x = node.compound ? node.x + 12 : node.x + node.width / 2;
  const anchor = node.compound ? 'start' : 'middle';
  return (
    <g
      data-state={node.id}
      data-active={active || undefined}
      data-compound={node.compound || undefined}
      data-collapsed={(node.collapsible && !node.compound) || undefined}
      style={node.collapsible ? { cursor: 'pointer' } : undefined}
    >
      {node.collapsible ? <title>{node.compound ? 'Click to collapse' : 'Click to expand'}</title> : null}
      <rect
        x={node.x}
        y={node.y}
        width={node.width}
        height={node.height}
        rx={node.compound ? 12 : 8}
        fill={fill}
        stroke={active ? c('teal-solid') : c('border-emphasized')}
        strokeWidth={active ? 2.5 : 1.2}
        strokeDasharray={
          node.kind === 'any' || node.parallel || (node.collapsible && !node.compound) ? '5 4' : undefined
        }
      />
      <text
        className="title"
        x={x}
        y={node.y + 19}
        textAnchor={anchor}
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
          className="detail"
          x={x}
          y={node.y + 19 + (index + 1) * 15}
          textAnchor={anchor}
          fontSize={FONT_SIZE}
          fill={c('fg-muted')}
        >
          {line}
        </text>
      ))}
    </g>
  );
}

/** An edge as the Coverage panel paints it: walked by a test, or not, or unreachable and why. */
export type EdgeCoverage = { status: 'walked' | 'not walked' } | { status: 'unreachable'; reason: string };

function EdgeShape({
  edge,
  taken,
  selected,
  coverage,
}: {
  edge: LaidEdge;
  taken: boolean;
  selected: boolean;
  coverage: EdgeCoverage | undefined;
}) {
  const walked = coverage?.status === 'walked';
  const color = c(selected ? 'orange-solid' : taken ? 'teal-solid' : walked ? 'green-solid' : 'fg-muted');
  const label = edge.label;
  return (
    <g
      data-edge={edge.edge?.id}
      data-taken={taken || undefined}
      data-selected={selected || undefined}
      data-coverage={coverage?.status}
      opacity={coverage?.status === 'unreachable' ? 0.45 : undefined}
      style={edge.edge ? { cursor: 'pointer' } : undefined}
    >
      {edge.edge ? (
        <title>
          {edge.edge.id}
          {coverage
            ? ` (${coverage.status}${coverage.status === 'unreachable' ? `: ${coverage.reason}` : ''})`
            : ''}
        </title>
      ) : null}
      <path
        d={pathOf(edge.points)}
        fill="none"
        stroke={color}
        strokeDasharray={coverage && !walked ? '6 4' : undefined}
        strokeWidth={taken || selected || walked ? 2.5 : 1.2}
        markerEnd={taken ? 'url(#arrow-taken)' : 'url(#arrow)'}
      />
      {label ? (
        <g className={taken || selected ? undefined : 'detail'}>
          <rect
            x={label.x - 2}
            y={label.y}
            width={label.width + 4}
            height={label.height}
            rx={4}
            fill={selected ? c('orange-subtle') : taken ? c('teal-subtle') : c('bg')}
            stroke={selected ? c('orange-solid') : undefined}
            opacity={0.92}
          />
          {label.lines.map((line, index) => (
            <text
              key={line}
              x={label.x + 3}
              y={label.y + 13 + index * 15}
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

function Drawing({ layout, active, taken, selectedEdge, coverage }: DiagramProps) {
  return (
    <svg
      width={layout.width}
      height={layout.height}
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
      {[...layout.nodes]
        .sort((a, b) => Number(b.compound) - Number(a.compound) || a.depth - b.depth)
        .map((node) => (
          <NodeShape key={node.id} node={node} active={active.has(node.id)} />
        ))}
      {layout.edges.map((edge) => (
        <EdgeShape
          key={edge.id}
          edge={edge}
          taken={edge.edge ? taken.has(edge.edge.id) : false}
          selected={!!edge.edge && edge.edge.id === selectedEdge}
          coverage={edge.edge ? coverage?.get(edge.edge.id) : undefined}
        />
      ))}
    </svg>
  );
}

/** The minimap, in the pane's corner: the states' boxes, the active ones filled. */
function Minimap({ layout, active }: Pick<DiagramProps, 'layout' | 'active'>) {
  return (
    <Box
      position="absolute"
      right={2}
      bottom={2}
      zIndex={2}
      bg="bg"
      borderWidth="1px"
      borderRadius="sm"
      overflow="hidden"
      data-testid="minimap"
      title="Minimap: drag the frame to move the view"
    >
      <MiniMap width={120} height={80} borderColor={c('orange-solid')}>
        <svg width={layout.width} height={layout.height} aria-hidden="true">
          {layout.nodes.map((node) => (
            <rect
              key={node.id}
              x={node.x}
              y={node.y}
              width={node.width}
              height={node.height}
              rx={8}
              fill={node.compound ? 'none' : c(active.has(node.id) ? 'teal-solid' : 'bg-emphasized')}
              stroke={c('fg-muted')}
              strokeWidth={4}
            />
          ))}
        </svg>
      </MiniMap>
    </Box>
  );
}

interface DiagramProps {
  layout: Layout;
  active: Set<string>;
  taken: Set<string>;
  selectedEdge?: string | null;
  coverage?: ReadonlyMap<string, EdgeCoverage>;
}

/** Fits the whole chart on a new drawing; frames the active states while following, and an edge chosen in any list. */
function useFraming(
  controls: RefObject<ReactZoomPanPinchContentRef | null>,
  pane: RefObject<HTMLDivElement | null>,
  { layout, active, selectedEdge }: DiagramProps,
  follow: boolean,
) {
  // The library types its targets as HTML elements; it only measures them, which SVG elements allow too.
  const zoomTo = (targets: Element[]) =>
    void controls.current?.zoomToElement(targets as HTMLElement[], {
      minScale: READABLE_SCALE,
      maxScale: MAX_FIT_SCALE,
      animationTime: 200,
    });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new drawing (another machine, a state collapsed) is fitted whole
  useEffect(() => void fitWhole(controls, 0), [layout]);

  // The deepest active states only: with the arrows just taken the frame ran wider than the pane.
  const focus = [...active].sort().join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus is active by value
  useEffect(() => {
    const targets = [...(pane.current?.querySelectorAll('[data-active]:not([data-compound])') ?? [])];
    if (follow && targets.length) zoomTo(targets);
  }, [follow, focus, layout]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: an edge inside a collapsed state is drawn in the next layout
  useEffect(() => {
    const target = selectedEdge && pane.current?.querySelector(`[data-edge="${CSS.escape(selectedEdge)}"]`);
    if (target) zoomTo([target]);
  }, [selectedEdge, layout]);
}

const fitWhole = (controls: RefObject<ReactZoomPanPinchContentRef | null>, animationTime = 200) =>
  controls.current?.fitToView({ minScale: 0.05, maxScale: MAX_FIT_SCALE, animationTime });

/** Zoom, fit, collapse and follow; the zoom level is written by the diagram's transform handler. */
function Toolbar({
  controls,
  zoomLevel,
  collapsible,
  onCollapseAll,
  follow,
  onFollow,
}: {
  controls: RefObject<ReactZoomPanPinchContentRef | null>;
  zoomLevel: RefObject<HTMLParagraphElement | null>;
  collapsible: boolean;
  onCollapseAll?: (collapse: boolean) => void;
  follow: boolean;
  onFollow: (follow: boolean) => void;
}) {
  const buttons = [
    ['+', 'Zoom in', () => controls.current?.zoomIn(0.25)],
    ['−', 'Zoom out', () => controls.current?.zoomOut(0.25)],
    ['Fit', undefined, () => fitWhole(controls)],
    ['100%', undefined, () => controls.current?.centerView(1, 200)],
    ...(collapsible && onCollapseAll
      ? ([
          ['Collapse all', undefined, () => onCollapseAll(true)],
          ['Expand all', undefined, () => onCollapseAll(false)],
        ] as const)
      : []),
  ] as const;
  return (
    <Flex
      gap={1}
      p={1}
      borderBottomWidth="1px"
      align="center"
      wrap="wrap"
      role="toolbar"
      aria-label="Diagram view"
    >
      {buttons.map(([text, label, onClick]) => (
        <Button key={text} size="xs" variant="outline" onClick={onClick} aria-label={label}>
          {text}
        </Button>
      ))}
      <Button
        size="xs"
        {...(follow ? pressedToggle : { variant: 'outline' })}
        aria-pressed={follow}
        onClick={() => onFollow(!follow)}
      >
        Follow active state
      </Button>
      <Text ref={zoomLevel} fontSize="xs" color="fg.muted" ms="auto" px={1} data-testid="zoom-level" />
    </Flex>
  );
}

/**
 * A click on an arrow chooses its edge; one on a compound state's title or on a collapsed box toggles
 * the state (a click anywhere in an open one would fire after a drag).
 */
function clickOn(target: Element, onSelectEdge?: (id: string) => void, onToggleState?: (id: string) => void) {
  const edge = target.closest('[data-edge]')?.getAttribute('data-edge');
  if (edge) return onSelectEdge?.(edge);
  const state = target.closest('[data-state]');
  if (
    state?.hasAttribute('data-collapsed') ||
    (state?.hasAttribute('data-compound') && target.closest('.title'))
  )
    onToggleState?.(state.getAttribute('data-state') ?? '');
}

/** The pane's styles: a focus ring, titles kept MIN_LABEL_PX on screen, details hidden in the overview. */
const PANE_CSS = {
  '& .react-transform-wrapper:focus-visible': {
    outline: '2px solid',
    outlineColor: 'teal.solid',
    outlineOffset: '-2px',
  },
  '& .title': { fontSize: `max(${FONT_SIZE + 1}px, calc(${MIN_LABEL_PX + 0.05}px / var(--zoom, 1)))` },
  '&[data-overview] .detail': { display: 'none' },
  '&[data-overview] [data-edge]:hover .detail': { display: 'inline' },
  '& .react-transform-wrapper': { width: '100%', height: '100%' },
};

export function Diagram({
  onSelectEdge,
  onToggleState,
  onCollapseAll,
  ...props
}: DiagramProps & {
  onSelectEdge?: (edgeId: string) => void;
  /** A click on a state with children collapses or expands it. */
  onToggleState?: (stateId: string) => void;
  onCollapseAll?: (collapse: boolean) => void;
}) {
  const { layout, active } = props;
  const controls = useRef<ReactZoomPanPinchContentRef>(null);
  const pane = useRef<HTMLDivElement>(null);
  const zoomLevel = useRef<HTMLParagraphElement>(null);
  const [follow, setFollow] = useState(true);
  useFraming(controls, pane, props, follow);

  return (
    <TransformWrapper
      ref={controls}
      minScale={0.05}
      maxScale={4}
      limitToBounds={false}
      fitOnInit
      doubleClick={{ disabled: true }}
      keyboard={{ disabled: false, panStep: 60, zoomStep: 0.2 }}
      onTransform={(_, state) => {
        // Written to the DOM, not to React state: no re-render per frame of a pan.
        pane.current?.style.setProperty('--zoom', String(state.scale));
        pane.current?.toggleAttribute('data-overview', state.scale < READABLE_SCALE);
        if (zoomLevel.current) zoomLevel.current.textContent = `${Math.round(state.scale * 100)}%`;
      }}
    >
      <Flex
        direction="column"
        h="full"
        minH={0}
        borderWidth="1px"
        borderRadius="md"
        bg="bg"
        overflow="hidden"
      >
        <Toolbar
          controls={controls}
          zoomLevel={zoomLevel}
          collapsible={layout.nodes.some((node) => node.collapsible)}
          onCollapseAll={onCollapseAll}
          follow={follow}
          onFollow={setFollow}
        />
        <Box
          ref={pane}
          flex="1"
          minH={0}
          position="relative"
          cursor="grab"
          data-testid="statechart"
          css={PANE_CSS}
          onClick={(event) => clickOn(event.target as Element, onSelectEdge, onToggleState)}
        >
          {/* The library listens for its keys on its own wrapper, so that is what takes focus. */}
          <TransformComponent
            wrapperProps={{
              role: 'region',
              'aria-label':
                'Statechart (drag or arrow keys to pan, wheel, pinch or + and - to zoom; click a box with states inside to collapse or expand it)',
              tabIndex: 0,
            }}
          >
            <Drawing {...props} />
          </TransformComponent>
          <Minimap layout={layout} active={active} />
        </Box>
      </Flex>
    </TransformWrapper>
  );
}
