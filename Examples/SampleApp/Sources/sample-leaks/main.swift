import RxCocoa
import RxSwift
import RxTrace
import SampleViewModels

// The sample app's screens under rxtrace: each scenario opens a screen, uses it, closes it.
// `profile-screen-dropped-drive` is the leak rxtrace must find, at the `drive` line of
// LeakyProfileScreen.
let scenarios = [
    Scenario("profile-screen", summary: "open the profile, sign in, close: the drive goes into the screen's bag") {
        context in
        let session = context.shared("session") { SessionStore() }
        var screen: ProfileScreen? = ProfileScreen(session: session)
        session.currentUser.accept("ada")
        context.expectReleased(screen!, name: "ProfileScreen")
        screen = nil
        session.currentUser.accept(nil)
    },
    Scenario(
        "profile-screen-dropped-drive",
        summary: "the same screen with its drive Disposable dropped: the subscription outlives the screen",
        expect: .leak
    ) { context in
        let session = context.shared("session") { SessionStore() }
        var screen: LeakyProfileScreen? = LeakyProfileScreen(session: session)
        session.currentUser.accept("ada")
        context.expectReleased(screen!, name: "LeakyProfileScreen")
        screen = nil
        session.currentUser.accept(nil)
    },
    Scenario("login-screen", summary: "sign in through the login screen's Driver/Signal view model, then close it") {
        context in
        let session = context.shared("session") { SessionStore() }
        var screen: LoginScreen? = LoginScreen(session: session, service: InMemoryAccountService(names: []))
        screen!.user.accept("ada")
        screen!.password.accept("lovelace")
        screen!.signInTaps.accept(())
        _ = context.wait(until: { session.currentUser.value == "ada" })
        context.expectReleased(screen!, name: "LoginScreen")
        screen = nil
        session.currentUser.accept(nil)
    },
    Scenario(
        "answer-driven-on-main",
        summary: "the back end answers on its own queue; asDriver delivers the answer on the main thread",
        expect: .hopsReported
    ) { context in
        let service = InMemoryAccountService(names: ["Ada", "Bob"], scheduler: context.serialScheduler("api"))
        var results: [String]?
        let subscription = service.search("a").asDriver(onErrorJustReturn: []).drive(onNext: { results = $0 })
        _ = context.wait(until: { results != nil })
        subscription.dispose()
        context.expectHops(["api", "main"], subscribedOn: "main")
    },
    Scenario("search-screen", summary: "type a query on a virtual clock, read the results, stop") { context in
        let clock = context.virtualClock("typing")
        try SharingScheduler.mock(scheduler: clock) {
            let query = PublishRelay<String>()
            let viewModel = SearchViewModel(
                query: query.asDriver(onErrorJustReturn: ""),
                service: InMemoryAccountService(names: ["Ada", "Bob"])
            )
            var results = [[String]]()
            let subscription = viewModel.results.drive(onNext: { results.append($0) })
            query.accept("a")
            clock.advance(by: 1)
            subscription.dispose()
            guard results == [["Ada"]] else { throw SearchError.invalidQuery }
        }
    },
]

RxTraceCLI.main(scenarios: scenarios)
