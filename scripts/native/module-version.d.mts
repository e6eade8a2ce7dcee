export declare function moduleVersionOf(file: string): number | undefined;
export declare function electronHeadersDir(version: string, home?: string): string;
export declare function electronModuleVersion(version: string, home?: string): number | undefined;
