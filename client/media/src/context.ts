/** What the tabs see of the view they are part of (the app implements it). */
import type { DiffView, TabId, WebviewMessage } from '../../shared/messages';
import type { ResultsModel } from '../../shared/model';
import type { Menu } from './menu';
import type { UiState } from './state';
import type { ViewFilter, ViewSources } from '../../shared/views';

export interface ViewContext {
  readonly model?: ResultsModel;
  /** The comparison on the Diff tab (the tab is shown only with one). */
  readonly diffView?: DiffView;
  readonly ui: UiState;
  /** Records of this result are still arriving. */
  readonly receiving: boolean;
  /** The host is loading more batches (Load next batch, Load all): more appends will follow. */
  readonly loading: boolean;
  /** allimages thumbnails are shown. */
  readonly thumbnails: boolean;
  readonly menu: Menu;
  setThumbnails(on: boolean): void;
  /** The endpoint's origin (where thumbnails come from): `originOf` of ../../shared/url, undefined unless http(s). */
  endpointOrigin(): string | undefined;
  /** The origin the page's CSP lets images load from: set only when the user allows remote images. */
  readonly imageOrigin?: string;
  /** What the Images, Timeline and Breakdown views can show of the model (../../shared/views). */
  readonly sources: ViewSources;
  /** The filter a Timeline range or a Breakdown bar puts on a table (in ui.viewFilter). */
  setViewFilter(f: ViewFilter | undefined): void;
  selectTab(t: TabId, focus: boolean): void;
  post(m: WebviewMessage): void;
  /** Says `s` to screen readers. */
  announce(s: string): void;
  /** Asks the host to open an http(s) URL. */
  openUrl(url: string): void;
  /** Asks the host to copy text, and says so. */
  copy(text: string): void;
  /** Saves the UI state soon. */
  saveSoon(): void;
  /** Reports what the view shows soon. */
  reportSoon(): void;
}
