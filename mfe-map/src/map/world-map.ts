// The Leaflet map. Only the map page imports this module, and only from an effect, so Leaflet,
// its stylesheet and the atlas are downloaded when someone opens /map and never render on a server.
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { Feature, FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { planarFeature } from './antimeridian';
import type { PlottedOrganisation } from './organisations';
import { badgeColourOf, initialsOf } from './organisations';
import { spreadOffsets, type Point } from './spread';
import { afterNextFrame, inSlices, yieldToMain } from './tasks';
import {
  FOCUS_ZOOM,
  INITIAL_CENTRE,
  MAX_BOUNDS_VISCOSITY,
  MAX_ZOOM,
  OUTLINES_ATTRIBUTION,
  TILE_LAYER,
  WORLD_BOUNDS,
  markerSizeRem,
} from './settings';
import styles from './world-map.module.css';

export interface WorldMapOptions {
  /** Initial and minimum zoom (see initialZoomFor). */
  readonly initialZoom: number;
}

export interface WorldMap {
  /**
   * Flies to an organisation and opens its popup, moving focus into it; when the popup closes,
   * focus returns to `returnFocusTo` (the list button that asked).
   */
  showOrganisation(id: string, returnFocusTo?: HTMLElement): void;
  /** Removes the map and everything Leaflet attached to the page. */
  destroy(): void;
  /** Settles once every marker is on the map (they are added a few at a time). */
  readonly ready: Promise<void>;
}

/** Country outlines sit beneath the tiles: they show wherever a tile is missing. */
const OUTLINES_PANE = 'outlines';
const OUTLINES_PANE_Z_INDEX = '150';

const OUTLINE_STYLE: L.PathOptions = {
  color: '#5f6b73',
  weight: 0.8,
  fillColor: '#2a3036',
  fillOpacity: 1,
};

/** Added to a focused marker's z-index: more than the pixel gap between overlapping markers. */
const FOCUSED_MARKER_Z_OFFSET = 1000;

interface PlacedMarker {
  readonly organisation: PlottedOrganisation;
  readonly marker: L.Marker;
}

function rootFontSizePx(): number {
  return Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
}

function markerContent(organisation: PlottedOrganisation, sizePx: number): HTMLElement {
  const content = document.createElement('span');
  content.className = styles.markerContent ?? '';
  if (organisation.orgLogo) {
    // The marker is a button; the logo's alt text is its accessible name.
    const logo = document.createElement('img');
    logo.className = styles.logo ?? '';
    logo.src = organisation.orgLogo;
    logo.alt = organisation.orgName;
    logo.width = sizePx;
    logo.height = sizePx;
    logo.draggable = false;
    content.append(logo);
  } else {
    const initials = document.createElement('span');
    initials.className = styles.initials ?? '';
    initials.setAttribute('aria-hidden', 'true');
    initials.textContent = initialsOf(organisation.orgName);
    initials.style.fontSize = `${Math.round(sizePx * 0.4)}px`;
    const name = document.createElement('span');
    name.className = 'wpc-visually-hidden';
    name.textContent = organisation.orgName;
    content.append(initials, name);
    content.style.backgroundColor = badgeColourOf(organisation.orgName);
  }
  return content;
}

/** A marker `size` px across, moved by `offset` from its place (see spread.ts). */
function markerIcon(organisation: PlottedOrganisation, size: number, offset: Point): L.DivIcon {
  return L.divIcon({
    html: markerContent(organisation, size),
    className: organisation.orgLogo ? `${styles.marker} ${styles.logoMarker}` : styles.marker,
    iconSize: [size, size],
    iconAnchor: [size / 2 - offset.x, size / 2 - offset.y],
    // Both measured from the marker's place, so they follow the icon to where it was moved.
    popupAnchor: [offset.x, offset.y - size / 2],
    tooltipAnchor: [offset.x, offset.y - size / 2],
  });
}

/** Room between two spread markers, beyond their size. */
const MARKER_GAP_PX = 4;

function popupContent(organisation: PlottedOrganisation, onEscape: () => void): HTMLElement {
  const content = document.createElement('div');
  content.className = styles.popup ?? '';

  const title = document.createElement('p');
  title.className = styles.popupTitle ?? '';
  title.textContent = organisation.orgName;
  // Focus lands here when the popup opens, so a screen reader starts with the name.
  title.tabIndex = -1;
  title.dataset.popupTitle = '';

  const description = document.createElement('p');
  description.className = styles.popupDescription ?? '';
  description.textContent = organisation.shortDescription;

  const link = document.createElement('a');
  link.className = styles.popupLink ?? '';
  link.href = organisation.website;
  link.target = '_blank';
  link.rel = 'noopener';
  link.textContent = 'Visit website';
  const linkContext = document.createElement('span');
  linkContext.className = 'wpc-visually-hidden';
  linkContext.textContent = ` (${organisation.orgName}, opens in a new tab)`;
  link.append(linkContext);

  content.append(title, description, link);
  content.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onEscape();
    }
  });
  return content;
}

function tooltipContent(organisation: PlottedOrganisation): HTMLElement {
  const name = document.createElement('span');
  name.textContent = organisation.orgName;
  return name;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The country outlines, a few countries per task (see tasks.ts), each converted from the atlas
 * as it is drawn. The credit is added once, to the map: as an option of the GeoJSON layer it was
 * copied to every country, and each of the 177 rewrote the attribution control's HTML.
 */
async function addCountryOutlines(map: L.Map, isRemoved: () => boolean): Promise<void> {
  const { default: atlas } = await import(/* webpackChunkName: "world-atlas" */ 'world-atlas/countries-110m.json');
  await yieldToMain();
  if (isRemoved()) return;
  const topology = atlas as unknown as Topology<{ countries: GeometryCollection }>;
  map.attributionControl?.addAttribution(OUTLINES_ATTRIBUTION);
  // The outlines' own SVG layer, set up in a task before the first country is drawn on it.
  const renderer = L.svg({ pane: OUTLINES_PANE }).addTo(map);
  await yieldToMain();
  if (isRemoved()) return;
  // Leaflet hands these options to every country's path (its typings omit the renderer).
  const options: L.GeoJSONOptions & L.PathOptions = {
    pane: OUTLINES_PANE,
    renderer,
    interactive: false,
    style: OUTLINE_STYLE,
  };
  const outlines = L.geoJSON(undefined, options).addTo(map);
  await inSlices(
    topology.objects.countries.geometries,
    (country) => {
      const shape = feature(topology, country);
      const planar: Feature | FeatureCollection =
        shape.type === 'Feature' ? planarFeature(shape) : { ...shape, features: shape.features.map(planarFeature) };
      outlines.addData(planar);
    },
    isRemoved,
  );
}

/**
 * The basemap's tiles, fetched for a new zoom once its animation has ended rather than in its
 * first frame. Leaflet's tile layer builds the new zoom's tiles (and forces a layout so they fade
 * in) inside the frame that starts the zoom animation: on Lighthouse's mobile profile that was
 * three quarters of that frame's script (mfe-map/README.md). Here the tiles on screen are only
 * scaled while the zoom animates; Leaflet's own 'zoom' event at the animation's end (_resetView)
 * then loads the new zoom's tiles, as it already does after a pinch.
 */
const TilesAfterZoom = L.TileLayer.extend({
  _animateZoom(this: { _setZoomTransforms(center: L.LatLng, zoom: number): void }, event: L.ZoomAnimEvent) {
    this._setZoomTransforms(event.center, event.zoom);
  },
}) as unknown as new (url: string, options: L.TileLayerOptions) => L.TileLayer;

/** Runs `work` once the frame after this one has been painted (a frame, then a task). */
function afterNextPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work, 0));
}

type ZoomButtons = { _zoomIn(event: MouseEvent): void; _zoomOut(event: MouseEvent): void };
const { _zoomIn: zoomIn, _zoomOut: zoomOut } = L.Control.Zoom.prototype as unknown as ZoomButtons;

/**
 * Leaflet's zoom buttons, whose zoom starts a frame after the click's own paint (issue 38 item 14).
 * Started inside the click, the zoom's first frame (its style, paint and layers, 46-61 ms on
 * Lighthouse's mobile profile) delayed the paint that answers the click: Event Timing 132 ms,
 * against 88 ms started after it (mfe-map/README.md has the figures). The zoom shows one frame later.
 */
const ZoomAfterPaint = L.Control.Zoom.extend({
  _zoomIn(this: ZoomButtons, event: MouseEvent) {
    afterNextPaint(() => zoomIn.call(this, event));
  },
  _zoomOut(this: ZoomButtons, event: MouseEvent) {
    afterNextPaint(() => zoomOut.call(this, event));
  },
}) as unknown as new () => L.Control.Zoom;

/** The Leaflet map: bounded to the world, animated unless the visitor prefers less motion. */
function leafletMap(container: HTMLElement, initialZoom: number, animate: boolean): L.Map {
  const map = L.map(container, {
    center: [INITIAL_CENTRE[0], INITIAL_CENTRE[1]],
    zoom: initialZoom,
    minZoom: initialZoom,
    maxZoom: MAX_ZOOM,
    maxBounds: L.latLngBounds([WORLD_BOUNDS[0][0], WORLD_BOUNDS[0][1]], [WORLD_BOUNDS[1][0], WORLD_BOUNDS[1][1]]),
    maxBoundsViscosity: MAX_BOUNDS_VISCOSITY,
    worldCopyJump: false,
    zoomAnimation: animate,
    fadeAnimation: animate,
    markerZoomAnimation: animate,
    zoomControl: false,
  });
  return map.addControl(new ZoomAfterPaint());
}

/**
 * One organisation's marker on the map: its tooltip and popup made when first shown, focus back
 * where it came from when the popup closes, and in front of its neighbours while focused.
 */
function addMarker(
  map: L.Map,
  organisation: PlottedOrganisation,
  icon: L.DivIcon,
  returnFocusTargets: Map<string, HTMLElement>,
): L.Marker {
  const marker = L.marker([organisation.position.lat, organisation.position.long], {
    icon,
    keyboard: true,
    riseOnHover: true,
  });
  // The tooltip's and the popup's content are made when first shown, once each.
  let tooltip: HTMLElement | undefined;
  let popup: HTMLElement | undefined;
  marker.bindTooltip(() => (tooltip ??= tooltipContent(organisation)), { direction: 'top', offset: [0, -4] });
  marker.bindPopup(() => (popup ??= popupContent(organisation, () => marker.closePopup())), {
    maxWidth: 280,
    closeButton: true,
  });
  marker.on('popupopen', (event: L.PopupEvent) => {
    event.popup.getElement()?.querySelector<HTMLElement>('[data-popup-title]')?.focus({ preventScroll: true });
  });
  marker.on('popupclose', (event: L.PopupEvent) => {
    const popupElement = event.popup.getElement();
    const active = document.activeElement;
    const focusWasInPopup = !active || active === document.body || Boolean(popupElement?.contains(active));
    const requested = returnFocusTargets.get(organisation.id);
    returnFocusTargets.delete(organisation.id);
    const target = requested?.isConnected ? requested : marker.getElement();
    if (focusWasInPopup) target?.focus({ preventScroll: true });
  });
  marker.addTo(map);
  // A focused marker comes to the front, so a logo hidden under its neighbour shows when reached.
  const element = marker.getElement();
  element?.addEventListener('focus', () => marker.setZIndexOffset(FOCUSED_MARKER_Z_OFFSET));
  element?.addEventListener('blur', () => marker.setZIndexOffset(0));
  return marker;
}

export function createWorldMap(
  container: HTMLElement,
  organisations: readonly PlottedOrganisation[],
  { initialZoom }: WorldMapOptions,
): WorldMap {
  const animate = !prefersReducedMotion();
  const map = leafletMap(container, initialZoom, animate);
  let removed = false;
  const isRemoved = () => removed;
  map.createPane(OUTLINES_PANE).style.zIndex = OUTLINES_PANE_Z_INDEX;

  // Where focus goes when a popup opened from the list closes; otherwise back to its own marker.
  const returnFocusTargets = new Map<string, HTMLElement>();
  let pendingOpen: (() => void) | null = null;
  const remPx = rootFontSizePx();
  const placed = new Map<string, PlacedMarker>();

  /** Each marker's size and offset at a zoom (close neighbours spread apart): arithmetic only, no DOM. */
  const layoutAt = (zoom: number) => {
    const size = Math.round(markerSizeRem(zoom) * remPx);
    const points = organisations.map(({ position }) => map.project([position.lat, position.long], zoom));
    const offsets = spreadOffsets(points, size + MARKER_GAP_PX);
    const offsetOf = new Map(organisations.map(({ id }, index) => [id, offsets[index]]));
    return (organisation: PlottedOrganisation) =>
      markerIcon(organisation, size, offsetOf.get(organisation.id) ?? { x: 0, y: 0 });
  };
  const initialZoomLevel = map.getZoom();

  const placeMarker = (organisation: PlottedOrganisation, icon: L.DivIcon) => {
    placed.set(organisation.id, { organisation, marker: addMarker(map, organisation, icon, returnFocusTargets) });
  };

  // Spec §2: logos are 1.5 + zoom/8 rem across, so every marker is redrawn at its new size (and
  // spread anew: neighbours drift apart as the map zooms in), a few markers per task. A zoom that
  // ends while an earlier one's markers are still being redrawn takes over from it.
  let resizing = 0;
  const resizeMarkers = async () => {
    const pass = ++resizing;
    const zoom = map.getZoom();
    const iconAt = layoutAt(zoom);
    const done = await inSlices(
      [...placed.values()],
      ({ organisation, marker }) => {
        marker.setIcon(iconAt(organisation));
        if (marker.isPopupOpen()) {
          // Leaflet re-attaches the content on update, which takes focus from inside it: a popup
          // opened before the redraw reached its marker would stop hearing Escape.
          const popup = marker.getPopup();
          const active = document.activeElement;
          const focused = active instanceof HTMLElement && popup?.getElement()?.contains(active) ? active : null;
          popup?.update();
          focused?.focus({ preventScroll: true });
        }
        if (marker.isTooltipOpen()) marker.getTooltip()?.update();
      },
      () => removed || pass !== resizing,
    );
    // The zoom the markers are drawn at, where the end-to-end tests read it.
    if (done) container.dataset.zoom = String(zoom);
  };
  container.dataset.zoom = String(initialZoomLevel);
  map.on('zoomend', () => void resizeMarkers());

  /**
   * The rest of the map, each part in tasks of its own after the map's frame: the tiles, the
   * markers (what a visitor came for), then the country outlines beneath them.
   */
  const build = async () => {
    await afterNextFrame();
    if (removed) return;
    new TilesAfterZoom(TILE_LAYER.url, {
      attribution: TILE_LAYER.attribution,
      subdomains: TILE_LAYER.subdomains,
      maxZoom: MAX_ZOOM,
      noWrap: true,
      bounds: map.options.maxBounds,
    }).addTo(map);
    addCountryOutlines(map, isRemoved).catch(() => {
      // Without the atlas the map still works wherever tiles load; nothing to tell the visitor.
    });
    await yieldToMain();
    if (removed) return;
    const initialIcon = layoutAt(initialZoomLevel);
    await yieldToMain();
    if (removed) return;
    const placedAll = await inSlices(
      organisations,
      (organisation) => placeMarker(organisation, initialIcon(organisation)),
      isRemoved,
    );
    if (!placedAll) return;
    // Zoomed while markers were still arriving: the later ones have the first zoom's size.
    if (map.getZoom() !== initialZoomLevel) await resizeMarkers();
  };

  return {
    ready: build(),
    showOrganisation(id, returnFocusTo) {
      const entry = placed.get(id);
      if (!entry || removed) return;
      const { marker } = entry;
      if (pendingOpen) map.off('moveend', pendingOpen);
      map.closePopup();
      const open = () => {
        pendingOpen = null;
        if (returnFocusTo) returnFocusTargets.set(id, returnFocusTo);
        marker.openPopup();
      };
      pendingOpen = open;
      map.once('moveend', open);
      container.scrollIntoView({ block: 'end', behavior: animate ? 'smooth' : 'auto' });
      const zoom = Math.max(map.getZoom(), FOCUS_ZOOM);
      if (animate) map.flyTo(marker.getLatLng(), zoom, { duration: 1.2 });
      else map.setView(marker.getLatLng(), zoom, { animate: false });
    },
    destroy() {
      removed = true;
      map.remove();
      delete container.dataset.zoom;
    },
  };
}
