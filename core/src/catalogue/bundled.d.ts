import { Catalogue } from './model';
export declare function bundledCatalogue(): Catalogue;
