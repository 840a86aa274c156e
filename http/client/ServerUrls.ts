/**
 * core's `ServerUrls` from the contracts' paths (http/api): the chain RPC route on the API, the image
 * endpoints on the wallet service. Only paths: HttpApiClient loads with the first request (DeferredBackend.ts).
 */
import type * as Backend from "../../core/Backend.ts"
import * as ChainRpcRoute from "../api/ChainRpcRoute.ts"
import * as ImagePaths from "../api/ImagePaths.ts"
import * as Url from "../api/Url.ts"

export const make = (options: { readonly apiUrl: string; readonly walletServiceUrl?: string | undefined; readonly projectId: string }): Backend.ServerUrls => {
  const images = options.walletServiceUrl ?? options.apiUrl
  return {
    chainRpc: (caipNetworkId) => Url.at(options.apiUrl, ChainRpcRoute.path, {}, { chainId: caipNetworkId, projectId: options.projectId } satisfies ChainRpcRoute.Query),
    tokenImage: (symbol) => Url.at(images, ImagePaths.tokenImage, { id: symbol }),
    walletImage: (imageId) => Url.at(images, ImagePaths.walletImage, { id: imageId }),
    assetImage: (imageId) => Url.at(images, ImagePaths.assetImage, { id: imageId })
  }
}
