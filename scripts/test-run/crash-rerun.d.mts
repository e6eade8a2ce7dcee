export declare const crashMarksDir: string;
type FileResult = { name: string; status: string; assertionResults: { status: string }[] };
type Report = { testResults: FileResult[] };
export declare function crashedFiles(dir?: string): Set<string>;
export declare function filesToRunAgain(report: Report, crashed: Set<string>): string[];
export declare function combine(first: Report, firstStatus: number, again: Report, againStatus: number): { passed: number; failed: number; skipped: number; status: number };
