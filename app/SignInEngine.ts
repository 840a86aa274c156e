/**
 * Sign-in's part of the engine, loaded only for a host that configured `siwx` (or `siweConfig`): the
 * SignIn feature over the features, with the page's sign-in provider.
 */
import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import type * as Config from "../core/Config.ts"
import type * as Features from "../core/features/Features.ts"
import { SignIn } from "../core/features/SignIn.ts"
import * as SignInProviders from "./SignInProviders.ts"

export const layer = <E, R>(config: Config.ResolvedConfig, features: Layer.Layer<Features.Features | Features.Environment, E, R>) =>
  SignIn.layer.pipe(Layer.provideMerge(SignInProviders.layer(config).pipe(Layer.provideMerge(features))))

/** The sign view's actions and the host's sign-out, from the context of a runtime built with `layer`. */
export const actions = (context: Context.Context<SignIn>): SignIn["Service"] => Context.get(context, SignIn)
