export declare function checkNativeModules(appOutDir: string, electronVersion: string): Promise<void>;
export default function afterPack(context: { appOutDir: string; packager: { projectDir: string; getResourcesDir(appOutDir: string): string } }): Promise<void>;
