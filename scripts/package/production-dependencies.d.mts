export declare function productionDependencies(projectDir: string): string[];
export declare function checkProductionDependencies(projectDir: string, resourcesDir: string): number;
